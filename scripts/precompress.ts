import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Text assets are compressed once at build time, at the highest levels (too slow per request), and
// served by @fastify/static's preCompressed option to clients that accept br or gzip.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
// Below this size the encoded copy saves less than a packet.
const MIN_BYTES = 1024;

/** Writes a .br and a .gz beside every compressible file under `dir`; returns how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    // Vite's manifest (.vite/) is read by the build, never served.
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || entry.parentPath.includes(`${path.sep}.`)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    );
    fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}
