import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/cookies';
import { precompressDir } from '../../scripts/precompress';
import { startTestServer, type TestServer } from '../support/server';

// A stand-in build: the app shell and one hashed script, compressed by the same build step as the
// real client; no server bundle, so every page is the app's page (the server's render of pages:
// test/integration/page-render.test.ts and test/e2e/server-rendered-pages.test.ts).
const SHELL = `<!doctype html><html lang="en"><head></head><body><div id="root"></div>${'<p>InkLink</p>'.repeat(100)}</body></html>`;
const ADMIN_PAGE = '<!doctype html><html lang="en"><head><title>InkLink Admin</title></head><body><div id="admin"></div></body></html>';
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;

let server: TestServer;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-client-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  fs.writeFileSync(path.join(clientDir, 'admin.html'), ADMIN_PAGE);
  fs.writeFileSync(path.join(clientDir, 'assets/app-1234.js'), SCRIPT);
  precompressDir(clientDir);
  server = await startTestServer({ serveClient: true, clientDir, serverDir: path.join(clientDir, 'no-server-bundle') });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** A raw GET: the body as sent (fetch would decode it and hide the encoding). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { accept: 'text/html', ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, raw: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe("the app's page", () => {
  it('is sent for / with or without a session cookie, never kept by a shared cache for another cookie', async () => {
    for (const cookie of ['', `theme=dark; ${SESSION_COOKIE}=abc.def`]) {
      const response = await fetch(`${server.url}/`, { headers: { accept: 'text/html', cookie } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(SHELL);
      expect(response.headers.get('vary')?.toLowerCase()).toContain('cookie');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('is sent for other pages', async () => {
    const response = await fetch(`${server.url}/pricing`, { headers: { accept: 'text/html' } });
    expect(await response.text()).toBe(SHELL);
  });
});

describe('the admin console (spec 2 §2: on a host whose name contains "admin." or "admin-")', () => {
  const pageOn = async (host: string, pathname: string) => (await get(`${server.url}${pathname}`, { host })).raw.toString();

  const adminHosts = ['admin.inklink.example', 'inklink-admin.example.com', 'myadmin.localhost:3000', 'admin-inklink.example'];
  it.each(adminHosts)('is the page on %s', async (host) => {
    expect(await pageOn(host, '/')).toBe(ADMIN_PAGE);
    expect(await pageOn(host, '/dashboard')).toBe(ADMIN_PAGE);
  });

  it.each(['inklink.example.com', 'badminton.example', 'administration.example'])('is not the page on %s', async (host) => {
    expect(await pageOn(host, '/')).toBe(SHELL);
    expect(await pageOn(host, '/pricing')).toBe(SHELL);
  });
});

describe('compression', () => {
  it('sends the brotli copy to a client that accepts br, the gzip copy to one that accepts only gzip', async () => {
    const br = await get(`${server.url}/assets/app-1234.js`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.raw.length).toBeLessThan(SCRIPT.length / 2);
    expect(brotliDecompressSync(br.raw).toString()).toBe(SCRIPT);

    const gz = await get(`${server.url}/assets/app-1234.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.raw).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const plain = await get(`${server.url}/assets/app-1234.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString()).toBe(SCRIPT);
    expect(plain.headers.vary?.toLowerCase()).toContain('accept-encoding');
  });

  it('compresses the pages too', async () => {
    const landing = await get(`${server.url}/`, { 'accept-encoding': 'br' });
    expect(landing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(landing.raw).toString()).toBe(SHELL);
  });

  it('answers 404 for a missing asset, compressed or not', async () => {
    const response = await fetch(`${server.url}/assets/missing-1234.js`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(404);
  });
});
