import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipKb, scriptsOfPage } from '../../bench/page-scripts';

// The bench row that keeps feature code out of the pages' first download reads the built HTML.

describe('scriptsOfPage', () => {
  it("names the page's module script and modulepreloads once each, in order, and nothing else", () => {
    const html = `<head>
      <script type="module" crossorigin src="/assets/main-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-B.js">
      <link rel="stylesheet" href="/assets/style-C.css">
      <link rel="preload" as="fetch" href="/trpc/auth.me">
      <link rel="icon" href="/favicon.svg">
      <script src="/assets/legacy-D.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-B.js">
      <link rel="modulepreload" crossorigin href="/assets/Dashboard-E.js">
    </head>`;
    expect(scriptsOfPage(html)).toEqual(['assets/main-A.js', 'assets/vendor-B.js', 'assets/Dashboard-E.js']);
  });
});

describe('gzipKb', () => {
  it('adds up the gzip size of the files, in KB to one decimal', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-scripts-'));
    const a = 'const a = 1;\n'.repeat(2000);
    const b = Array.from({ length: 3000 }, (_, i) => `export const v${i} = ${i * 7919};`).join('\n');
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/a.js'), a);
    fs.writeFileSync(path.join(dir, 'assets/b.js'), b);
    const bytes = gzipSync(a, { level: 9 }).length + gzipSync(b, { level: 9 }).length;
    expect(gzipKb(dir, ['assets/a.js', 'assets/b.js'])).toBe(Math.round(bytes / 102.4) / 10);
    fs.rmSync(dir, { recursive: true });
  });
});
