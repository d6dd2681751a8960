import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILT = path.join(ROOT, 'dist/client/index.html');
const SOURCES = ['src', 'public', 'index.html', 'admin.html', 'vite.config.ts', 'package-lock.json', 'server/domains'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when the client has never been built or a source is newer than the build. */
export function clientBuildIsStale(): boolean {
  if (!fs.existsSync(BUILT)) return true;
  const builtAt = fs.statSync(BUILT).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > builtAt);
}

/** Builds the client with Vite when it is missing or stale. */
export function ensureClientBuild() {
  if (!clientBuildIsStale()) return;
  console.log('Building the client (vite build)…');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The client build failed');
}
