import superjson from 'superjson';
import type { RouteMatch } from './route-preloads';

// The first requests a page's app makes for its data, announced in the app's page (./app-shell) as
// <link rel="preload" as="fetch">: the browser starts them while it downloads the app's code, and
// the app's own requests for the same URLs are answered from those. Left to the app, they start
// only once its code has run (on a phone on a slow network, seconds after the HTML), one after
// the other: who is signed in, then the page's data (the `_app` layout's check comes first).
//
// A preload is used only if the app asks for exactly the same URL: these are the batches the
// app's tRPC client (src/trpc.ts, httpBatchLink over GET with superjson) sends for the first
// page, as src/main.tsx and the route loaders issue them. test/e2e/first-page-preloads.test.ts
// checks that each one is used. The studio, storefront and checkout pages are rendered on the
// server (./page-render) with their data in the HTML; these preloads serve the app's page they
// get when the server does not render them (a page not found, a failed or slow render, no server
// bundle).

type Call = [path: string, input: unknown];

/** The GET URL of one batch of tRPC queries, as httpBatchLink writes it. */
export function batchUrl(calls: Call[]): string {
  const inputs = Object.fromEntries(calls.map(([, input], i) => [i, superjson.serialize(input)]));
  return `/trpc/${calls.map(([path]) => path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}

/** Who is signed in: src/main.tsx asks it first, alone, on every page it renders itself. */
const SIGNED_IN_CHECK: Call[] = [['auth.me', undefined]];

/**
 * The batch each route's loader sends, by route file. The `_app` pages' loaders run only for a
 * signed-in member (the layout sends the others to sign in), so theirs are preloaded only to a
 * request with a session cookie.
 */
const LOADER_BATCHES: Record<string, { signedIn: boolean; calls(params: Record<string, string>): Call[] }> = {
  '_app/studio/$slug/index': { signedIn: true, calls: ({ slug }) => [['studio.bySlug', { slug }]] },
  '_app/checkout/$storefrontId': { signedIn: true, calls: ({ storefrontId }) => [['storefront.byId', { storefrontId }]] },
  'storefront/$id/index': {
    signedIn: false,
    calls: ({ id }) => [
      ['storefront.byId', { storefrontId: id }],
      // The first page of an infinite query: the input, and the direction tRPC adds to it.
      ['product.search', { query: '', storefrontId: id, direction: 'forward' }],
    ],
  },
};

/** The preload tags of a page's first data requests. */
export function pageDataPreloads(route: RouteMatch | undefined, mayBeSignedIn: boolean): string {
  const batches = [SIGNED_IN_CHECK];
  const loader = route && LOADER_BATCHES[route.file];
  if (loader && (mayBeSignedIn || !loader.signedIn)) batches.push(loader.calls(route.params));
  return batches.map((calls) => `<link rel="preload" as="fetch" crossorigin href="${batchUrl(calls).replaceAll('&', '&amp;')}">`).join('');
}
