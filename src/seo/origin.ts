// The public origin the canonical, Open Graph and JSON-LD URLs are written on: APP_ORIGIN on the
// server (src/entry-server.tsx sets it from the server's config before each render; it is the
// same for every request), the page's own origin in the browser.

let serverOrigin: string | undefined;

export function setPublicOrigin(origin: string) {
  serverOrigin = origin.replace(/\/$/, '');
}

export function publicOrigin(): string {
  if (serverOrigin) return serverOrigin;
  return typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin;
}
