import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { precompressDir } from './precompress';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
// Written after the client's build: its presence means both of Vite's builds ran.
const SERVER_BUNDLE = path.join(ROOT, 'dist/server/entry-server.js');
const SOURCES = [
  'src',
  'public',
  'index.html',
  'admin.html',
  'vite.config.ts',
  'package-lock.json',
  'server/domains',
  'scripts/client-build.ts',
  'scripts/precompress.ts',
];

export function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when the client has never been built or a source is newer than the build. */
export function clientBuildIsStale(): boolean {
  if (!fs.existsSync(SERVER_BUNDLE)) return true;
  const builtAt = fs.statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > builtAt);
}

function runNode(args: string[], step: string) {
  // Always the production build, even when a test runner (NODE_ENV=test) asks for it: Vite would
  // otherwise bundle React's and MUI's development code, several times slower, and emotion's class
  // names would not match the server-rendered page's.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`The client build failed (${step})`);
}

/**
 * Vite's builds (the client, then the server bundle that renders pages per request: src/entry-server.tsx),
 * then brotli and gzip copies of the client's text files.
 */
export function buildClient() {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  runNode([vite, 'build', '--logLevel', 'warn'], 'vite build');
  runNode([vite, 'build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'], 'vite build --ssr');
  precompressDir(CLIENT_DIR);
}

/** Builds the client when it is missing or stale. */
export function ensureClientBuild() {
  if (!clientBuildIsStale()) return;
  console.log('Building the client (vite build, the server bundle, compression)…');
  buildClient();
}
