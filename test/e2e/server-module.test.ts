import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_BUILD } from '../../scripts/server-build';

// `npm start` runs the built server module (dist/node/server.mjs) with plain Node, no TypeScript
// loader: it must migrate, serve the API and the pages, and stop cleanly on SIGTERM. On the embedded
// database in a fresh data directory, as a newcomer's first `npm start`.

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-server-module-'));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function untilHealthy(url: string) {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server module did not answer /healthz');
}

describe('the built server module', () => {
  it('migrates, serves the API and the landing page, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    server = spawn(process.execPath, [SERVER_BUILD], { env, stdio: 'ignore' });
    await untilHealthy(url);
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true });
    const me = await fetch(`${url}/trpc/auth.me`);
    expect(me.status).toBe(200);
    const landing = await fetch(url, { headers: { accept: 'text/html' } });
    expect(landing.headers.get('content-type')).toContain('text/html');
    // Rendered for the request by the built module (the server bundle through the tRPC local link).
    expect(await landing.text()).toContain('data-server-rendered="page"');
    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
