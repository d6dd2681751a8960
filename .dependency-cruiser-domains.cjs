// No two domains import each other in a circle (DESIGN rule 12, docs/decisions/025-layers.md).
// A folder-level rule: any module of one domain importing any module of another is an edge, so a
// circle is found even when no single module cycle exists. dependency-cruiser does not yet apply
// `via` to folder rules, so this runs on server/domains alone (includeOnly): otherwise a path through
// server/router.ts or server/service-context.ts would count as a circle between every pair.

const { options } = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-domain-cycles',
      comment: 'Domains must not import each other in a circle. Move what two domains share down to server/lib or into the domain that owns it.',
      severity: 'error',
      scope: 'folder',
      // Folders, subfolders included: an edge that leaves its domain and comes back round is a circle.
      from: { path: '^server/domains/([^/]+)' },
      to: { path: '^server/domains/(?!$1(/|$))', circular: true },
    },
  ],
  options: { ...options, includeOnly: '^server/domains/' },
};
