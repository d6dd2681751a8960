// The routes the server renders per request are flagged on the route itself (its `staticData`):
// the flag is the only list of them. The server reads it from the server bundle's router
// (src/entry-server.tsx), so a page becomes server-rendered by one line in its route file.

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * Rendered on the server for each request, with the data its loaders fetch embedded in the
     * HTML. A page under the `_app` layout is rendered only for a request with a session cookie
     * (the layout sends anyone else to sign in).
     */
    serverRender?: boolean;
    /**
     * Open to signed-out visitors although it sits under the `_app` layout (decision 034): the
     * layout lets them through, read-only, and the server renders it for them too. Its actions ask
     * them to sign in (src/features/auth/signInToAct.ts).
     */
    publicPage?: boolean;
    /** The route parameter naming the storefront whose cart (its cookie copy) the page shows. */
    cartParam?: string;
  }
}

export {};
