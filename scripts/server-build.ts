import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { newestMtime } from './client-build';

// The server as one JavaScript module (dist/node/server.mjs) that `npm start` and the bench run with
// plain Node. Run through tsx, the server carried the TypeScript loader (its worker thread and
// compiled-module caches): ~260-290 MB resident right after start instead of ~170 MB.
//
// The module sits two folders below the root, as the server's own files do (server/http, server/db),
// so the paths they compute from their own folder (dist/client, dist/server, drizzle) stay right.

const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_BUILD = path.join(ROOT, 'dist/node/server.mjs');
/** What the server module is built from: the server, the client files it imports, the installed packages' versions. */
const SOURCES = ['server', 'src', 'package-lock.json', 'scripts/server-build.ts'];

export function serverBuildIsStale(): boolean {
  if (!fs.existsSync(SERVER_BUILD)) return true;
  const builtAt = fs.statSync(SERVER_BUILD).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > builtAt);
}

/** Bundles the server's own code; packages stay imports of node_modules. */
export function buildServer() {
  buildSync({
    entryPoints: [path.join(ROOT, 'server/index.ts')],
    outfile: SERVER_BUILD,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

export function ensureServerBuild() {
  if (serverBuildIsStale()) buildServer();
}
