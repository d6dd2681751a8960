import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row } from './lib';

// What a page of the build downloads before its app can start: the module script its HTML loads
// and the modules the HTML preloads (Vite names every static import of the entry; the admin
// console's page also names its lazy start and dashboard, scripts/preload-lazy-chunks.ts). All of
// it is parsed and run before the first page is interactive, so it is the floor of every page's
// TBT once the app hydrates at load: it was 326 KB gzip on the main page, mostly feature pages
// pulled in by route loaders (docs/performance.md, "The entry's static graph").

/** The script files (`/assets/…js`) an HTML page names in a module script or a modulepreload, in order. */
export function scriptsOfPage(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = /\btype="module"/.test(tag) || /\brel="modulepreload"/.test(tag);
    const url = tag.match(/\b(?:src|href)="\/(assets\/[^"]+\.js)"/)?.[1];
    if (isModule && url && !files.includes(url)) files.push(url);
  }
  return files;
}

/** The gzip size of files of the client build, in KB (the level the build compresses them at). */
export function gzipKb(clientDir: string, files: string[]): number {
  const bytes = files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length, 0);
  return Math.round(bytes / 102.4) / 10;
}

/**
 * Budgets, a little above what each page names (index.html 199 KB after issue 21's cut, 207 KB once
 * the public pages of issue 20 put their route heads and loaders (src/seo, the Shop section's and
 * the landing's queries) and the top bar's sign-in links in the route tree; admin 180 KB): React,
 * the router, react-query, tRPC and MUI's theme and shell are about 175 KB of it. A row that fails
 * means a module of a page's code reached the entry again (as signInToAct's dialog did, through
 * the top bar: src/features/auth/authSearch.ts).
 */
export const PAGE_SCRIPT_BUDGET_KB: Record<string, number> = { 'index.html': 210, 'admin.html': 185 };

/** A row per HTML page of the build: the gzip size of the scripts it names, against its budget. */
export function pageScriptRows(clientDir: string): Row[] {
  return Object.entries(PAGE_SCRIPT_BUDGET_KB).map(([page, budget]) => {
    const files = scriptsOfPage(fs.readFileSync(path.join(clientDir, page), 'utf8'));
    const kb = gzipKb(clientDir, files);
    return {
      name: `${page}: entry and the modules it preloads (static graph), gzip`,
      value: kb,
      unit: 'KB',
      target: `≤ ${budget}`,
      pass: kb <= budget,
      note: `${files.length} files`,
    };
  });
}
