import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_READ_LIMIT_MESSAGE } from '../../server/http/public-read-limit';
import { trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

// Decision 037: signed-out reads (the public pages and the public queries) are limited to 120 a
// minute per address, with a burst of as many; the 121st is a 429 (resource-exhausted) with a
// clear message, never a 500. Members are not limited. The server's clock here stands still, so
// no token comes back until it is moved.

/** A clock that moves only when told. */
const frozen = { at: Date.now(), now: () => new Date(frozen.at) };

const SHELL = '<!doctype html><html lang="en"><head><title>InkLink</title></head><body><div id="root"></div></body></html>';
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-client-'));
let server: TestServer;

beforeAll(async () => {
  fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  server = await startTestServer({
    serveClient: true,
    clientDir,
    serverDir: path.join(clientDir, 'no-server-bundle'),
    env: { PUBLIC_READ_LIMIT_PER_MINUTE: '120' },
    overrides: { clock: frozen },
  });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const page = (cookie?: string) =>
  fetch(`${server.url}/artist/some-artist`, { headers: { accept: 'text/html', ...(cookie && { cookie }) } });
const query = () => fetch(`${server.url}/trpc/storefront.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`);

describe('signed-out reads per address', () => {
  it('answers the 121st in a minute (pages and queries together) with 429 and its message; a member goes on', async () => {
    const member = await createUser({}, server.deps.db);
    const memberClient = server.client();
    await signIn(memberClient, member);

    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await page()).status, (await query()).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);

    const overQuery = await query();
    expect(overQuery.status).toBe(429);
    expect(await overQuery.json()).toMatchObject({
      error: { json: { message: PUBLIC_READ_LIMIT_MESSAGE, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } } },
    });
    const overPage = await page();
    expect(overPage.status).toBe(429);
    expect(overPage.headers.get('retry-after')).toBe('1');
    expect(overPage.headers.get('cache-control')).toBe('no-store');
    expect(await overPage.text()).toBe(PUBLIC_READ_LIMIT_MESSAGE);
    expect(await trpcError(server.client().storefront.list.query({}))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: PUBLIC_READ_LIMIT_MESSAGE,
    });

    // A member from the same address is not limited: queries, and their pages.
    for (let i = 0; i < 150; i++) await memberClient.storefront.list.query({});
    expect((await memberClient.fetch(`${server.url}/artist/some-artist`, { headers: { accept: 'text/html' } })).status).toBe(200);
    // Signed-out writes (sign-in) have their own throttle and are not counted here.
    expect(await signIn(server.client(), member)).toMatchObject({ id: member.id });

    // Tokens come back at 2 a second: half a minute later, 60 more reads go through.
    frozen.at += 30_000;
    const after: number[] = [];
    for (let i = 0; i < 61; i++) after.push((await query()).status);
    expect(after.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(after[60]).toBe(429);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({
      serveClient: true,
      clientDir,
      serverDir: path.join(clientDir, 'no-server-bundle'),
      env: { PUBLIC_READ_LIMIT_PER_MINUTE: '120', TRUST_PROXY: '127.0.0.1' },
      overrides: { clock: frozen },
    });
  });
  afterAll(() => proxied?.close());

  const queryFrom = (address: string) =>
    fetch(`${proxied.url}/trpc/storefront.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, {
      headers: { 'x-forwarded-for': address },
    });

  it("counts each visitor's forwarded address, not the proxy's: one visitor over the limit leaves the next one served", async () => {
    const first: number[] = [];
    for (let i = 0; i < 121; i++) first.push((await queryFrom('203.0.113.7')).status);
    expect(first.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(first[120]).toBe(429);
    expect((await queryFrom('198.51.100.20')).status).toBe(200);
  });
});
