import fs from 'node:fs';
import path from 'node:path';

// Build step (after vite build): dist/client/landing.html, the SPA's index.html with the landing
// page's HTML and CSS already in it, which the server sends for `/` to visitors without a session.
// Run as its own process: React and emotion must load in production mode (class names then match
// the browser build's, so the browser adopts the prerendered rules).

process.env.NODE_ENV = 'production';
const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
const LANDING_ROUTE = 'src/routes/index.tsx?tsr-split=component';

type ManifestChunk = { file: string; imports?: string[] };

/** The landing route's chunk and every chunk it imports statically, for modulepreload. */
function routeChunks(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry (index.html) is already loaded by the page itself.
    if (!chunk || key.endsWith('.html') || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (!manifest[LANDING_ROUTE]) throw new Error(`prerender: ${LANDING_ROUTE} is not in the build manifest`);
  visit(LANDING_ROUTE);
  return [...files];
}

const { renderLandingPage } = await import('../src/features/landing/renderLandingPage');
const { html, styleTag } = await renderLandingPage();
const manifest = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const template = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
const preloads = routeChunks(manifest)
  .filter((file) => !template.includes(`/${file}"`))
  .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
  .join('');
const root = '<div id="root"></div>';
if (!template.includes(root)) throw new Error(`prerender: ${root} not found in index.html`);
const page = template
  .replace('</head>', `${preloads}${styleTag}</head>`)
  .replace(root, `<div id="root" data-prerendered="landing">${html}</div>`);
fs.writeFileSync(path.join(CLIENT_DIR, 'landing.html'), page);
console.log(`prerendered landing.html (${Math.round(page.length / 1024)} KB)`);
