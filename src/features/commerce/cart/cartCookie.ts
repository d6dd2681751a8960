// A copy of a storefront's cart (the text localStorage holds) in a cookie, so the server can
// render the storefront and checkout pages with the cart the buyer sees (src/entry-server.tsx).
// localStorage stays the cart's truth: the page's boot script starts the app at once when the two
// differ, and the app then shows the stored cart. The cookie is sent only to that storefront's
// pages (one cookie per path), never with the app's API requests.

/** The cookie of one storefront's cart. */
export const cartCookieName = (storefrontId: string) => `inklink-cart-${storefrontId}`;

/** The pages that render a storefront's cart. */
const cartPaths = (storefrontId: string) => [`/storefront/${storefrontId}`, `/checkout/${storefrontId}`];

/**
 * A browser keeps a cookie of up to 4,096 bytes; a larger cart is left to the app to render. The
 * server ignores a longer cookie, which the app never writes.
 */
export const MAX_COOKIE_VALUE = 3800;

const YEAR_SECONDS = 365 * 24 * 3600;

/** Writes (or, for an empty or oversized cart, removes) the cookie copy of a cart's stored text. */
export function mirrorCartToCookie(storefrontId: string, stored: string | null) {
  const value = stored === null ? '' : encodeURIComponent(stored);
  const keep = value !== '' && value.length <= MAX_COOKIE_VALUE;
  for (const path of cartPaths(storefrontId)) {
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie per path; the Cookie Store API is not in every browser the app supports.
    document.cookie = `${cartCookieName(storefrontId)}=${keep ? value : ''}; Path=${path}; SameSite=Lax; Max-Age=${keep ? YEAR_SECONDS : 0}`;
  }
}
