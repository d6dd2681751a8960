import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { precompressDir } from './precompress';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
// Written after Vite's output: its presence means the prerender step ran too.
const BUILT = path.join(CLIENT_DIR, 'landing.html');
const SOURCES = [
  'src',
  'public',
  'index.html',
  'admin.html',
  'vite.config.ts',
  'package-lock.json',
  'server/domains',
  'scripts/client-build.ts',
  'scripts/prerender-landing.ts',
  // The prerender's manifest reading.
  'server/http/route-preloads.ts',
  'scripts/precompress.ts',
];

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

function runNode(args: string[], step: string) {
  // Always the production build, even when a test runner (NODE_ENV=test) asks for it: Vite would
  // otherwise bundle React's and MUI's development code, several times slower, and emotion's class
  // names would not match the prerendered page's.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`The client build failed (${step})`);
}

/** Vite's build, the prerendered landing page, then brotli and gzip copies of the text files. */
export function buildClient() {
  runNode([path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], 'vite build');
  runNode(['--import', 'tsx', path.join(ROOT, 'scripts/prerender-landing.ts')], 'prerender');
  precompressDir(CLIENT_DIR);
}

/** Builds the client when it is missing or stale. */
export function ensureClientBuild() {
  if (!clientBuildIsStale()) return;
  console.log('Building the client (vite build, prerender, compression)…');
  buildClient();
}
