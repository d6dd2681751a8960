// The layer rule of DESIGN rule 12 and docs/decisions/025-layers.md, checked by `npm run lint`.
// Layers, bottom up: server/lib and server/db; providers/, auth/, trpc/init.ts and
// service-context.ts; the domains (server/domains/<domain>); then what wires them together
// (router.ts, app.ts, http/, jobs/). An import may point down or sideways, never up, and no two
// domains may import each other in a circle (that rule runs on the domains alone:
// .dependency-cruiser-domains.cjs).

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles-across-domains',
      comment: 'A module cycle that passes through another domain (the domain-level rule is in .dependency-cruiser-domains.cjs).',
      severity: 'error',
      from: { path: '^server/domains/([^/]+)/' },
      to: { circular: true, via: { path: '^server/domains/(?!$1/)' } },
    },
    {
      name: 'lower-layers-import-no-domain',
      comment: 'server/lib, server/db and server/trpc/init.ts sit below the domains: they must not import one.',
      severity: 'error',
      from: { path: ['^server/lib/', '^server/db/', '^server/trpc/init[.]ts$'] },
      to: { path: '^server/domains/' },
    },
    {
      name: 'lib-imports-only-lib-and-db',
      comment: 'server/lib imports nothing above it (no deps.ts, auth/, service-context.ts, trpc/).',
      severity: 'error',
      from: { path: '^server/lib/' },
      to: { path: '^server/', pathNot: ['^server/lib/', '^server/db/'] },
    },
    {
      name: 'no-app-router-in-domains',
      comment: 'server/router.ts imports every domain router; a domain importing it would close a circle.',
      severity: 'error',
      from: { path: '^server/domains/' },
      to: { path: '^server/router[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a type import upward is still a layer reaching up.
    tsPreCompilationDeps: true,
  },
};
