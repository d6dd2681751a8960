import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_SIZE } from '../../server/app';
import { SESSION_COOKIE } from '../../server/auth/cookies';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_ACTIVITY_INTERVAL_MS } from '../../server/auth/sessions';
import { sessions, users } from '../../server/db/schema';
import { DAY } from '../../server/lib/time';
import { trpcError } from '../support/client';
import { createUser, registerInput, signIn } from '../support/factories';
import { startTestServer, type TestServer, useTestServer } from '../support/server';

// Session and request hardening beyond what auth.test.ts and platform.test.ts already prove
// (new session id at each login, logout, idle and absolute expiry, password change, HttpOnly /
// SameSite cookies on http, a cross-site register refused, a GET batch over the limit, headers
// on /healthz).

const server = useTestServer();
const userCount = async () => (await server.deps.db.select({ n: count() }).from(users))[0].n;
const sessionCount = async (userId: string) =>
  (await server.deps.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0].n;

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('session fixation', () => {
  it('ignores a session id planted before login: the login issues its own, and the planted one stays worthless', async () => {
    const victim = await createUser({}, server.deps.db);
    const client = server.client();
    const planted = `${'a'.repeat(24)}.${'b'.repeat(32)}`;
    client.jar.cookies.set(SESSION_COOKIE, planted);
    await signIn(client, victim);
    const issued = client.jar.cookies.get(SESSION_COOKIE) ?? '';
    expect(issued.split('.')[0]).not.toBe(planted.split('.')[0]);
    const replay = server.client();
    replay.jar.cookies.set(SESSION_COOKIE, planted);
    expect(await replay.auth.me.query()).toBeNull();
  });

  it("does not bind the victim's login to an attacker's own valid session", async () => {
    const attacker = await createUser({}, server.deps.db);
    const victim = await createUser({}, server.deps.db);
    const attackerClient = server.client();
    await signIn(attackerClient, attacker);
    const attackerToken = attackerClient.jar.cookies.get(SESSION_COOKIE) ?? '';

    // The victim's browser carries the attacker's cookie (set by a sibling subdomain, say) and signs in.
    const victimClient = server.client();
    victimClient.jar.cookies.set(SESSION_COOKIE, attackerToken);
    await signIn(victimClient, victim);
    expect(victimClient.jar.cookies.get(SESSION_COOKIE)).not.toBe(attackerToken);
    expect(await victimClient.auth.me.query()).toMatchObject({ id: victim.id });
    // The attacker's token still means the attacker, never the victim.
    expect(await attackerClient.auth.me.query()).toMatchObject({ id: attacker.id });
  });
});

describe('revocation', () => {
  it('a logged-out token is refused by mutations and by the upload endpoint, not only by auth.me', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    const token = client.jar.cookies.get(SESSION_COOKIE) ?? '';
    await client.auth.logout.mutate();
    expect(await sessionCount(user.id)).toBe(0);

    const replay = server.client();
    replay.jar.cookies.set(SESSION_COOKIE, token);
    expect(await trpcError(replay.user.update.mutate({ firstName: 'Mallory' }))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await trpcError(replay.auth.sessions.query())).toMatchObject({ code: 'UNAUTHORIZED' });
    const form = new FormData();
    form.append('accountType', 'user');
    form.append('accountId', user.id);
    form.append('imageType', 'portfolio');
    form.append('file', new Blob([new Uint8Array(16)]), 'x.jpg');
    const upload = await replay.fetch(`${server.url}/api/images`, { method: 'POST', body: form });
    expect(upload.status).toBe(401);
    const [row] = await server.deps.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, user.id));
    expect(row.firstName).toBe(user.firstName);
  });

  it('a password change revokes the other sessions in the database, and their tokens cannot write', async () => {
    const user = await createUser({}, server.deps.db);
    const here = server.client();
    const phone = server.client();
    const tablet = server.client();
    for (const c of [here, phone, tablet]) await signIn(c, user);
    expect(await sessionCount(user.id)).toBe(3);
    await here.auth.changePassword.mutate({ currentPassword: user.password, newPassword: 'an entirely new passphrase' });
    expect(await sessionCount(user.id)).toBe(1);
    expect(await trpcError(phone.user.update.mutate({ firstName: 'Stolen' }))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await trpcError(tablet.auth.revokeOtherSessions.mutate())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('absolute session cap', () => {
  it('never extends the cookie past 30 days from login, however active the session', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    const login = await fetch(`${server.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ json: { email: user.email, password: user.password } }),
    });
    client.jar.store(login);
    // The cap counts from the session's creation (the test clock keeps running during sign-in).
    const [session] = await server.deps.db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.userId, user.id));
    const loginAt = session.createdAt.getTime();
    const cap = loginAt + SESSION_ABSOLUTE_TIMEOUT_MS;
    const expiries: number[] = [];
    while (server.clock.now().getTime() + 3 * DAY < cap) {
      server.clock.advance(3 * DAY);
      const response = await client.fetch(`${server.url}/trpc/auth.me`);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      // Activity after the refresh interval re-sends the cookie with a later expiry (sliding).
      expect(server.clock.now().getTime() - loginAt).toBeGreaterThan(SESSION_ACTIVITY_INTERVAL_MS);
      expect(cookie).toBeDefined();
      const expires = new Date(/expires=([^;]+)/i.exec(cookie ?? '')?.[1] ?? 0).getTime();
      expiries.push(expires);
      expect(expires).toBeLessThanOrEqual(cap);
    }
    // Sliding until the cap, then pinned at it.
    expect(expiries.at(-1)).toBe(Math.floor(cap / 1000) * 1000);
    server.clock.advance(cap - server.clock.now().getTime());
    expect(await client.auth.me.query()).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
  });
});

describe('cookie flags on https', () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({ env: { APP_ORIGIN: 'https://inklink.example' } });
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('marks the session cookie Secure, HttpOnly, SameSite=Lax, Path=/ and clears it with the same flags', async () => {
    const user = await createUser({}, secure.deps.db);
    const login = await post(
      `${secure.url}/trpc/auth.login`,
      { json: { email: user.email, password: user.password } },
      { origin: 'https://inklink.example' },
    );
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    for (const flag of [/;\s*Secure/i, /;\s*HttpOnly/i, /;\s*SameSite=Lax/i, /;\s*Path=\//i, /;\s*Expires=/i]) expect(cookie).toMatch(flag);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
    expect(login.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);

    const logout = await fetch(`${secure.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://inklink.example', cookie: cookie.split(';')[0] },
      body: '{}',
    });
    const cleared = logout.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    for (const flag of [/;\s*Secure/i, /;\s*HttpOnly/i, /;\s*SameSite=Lax/i, /;\s*Path=\//i]) expect(cleared).toMatch(flag);
  });
});

describe('cross-site requests', () => {
  it('refuses cross-site state changes however they are dressed, with 403 and nothing written', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    const cookie = client.jar.header();
    const before = { users: await userCount(), sessions: await sessionCount(user.id) };
    const attempts: Array<[string, RequestInit]> = [
      ['/trpc/auth.register', { headers: { origin: 'null' }, body: JSON.stringify({ json: registerInput() }) }],
      ['/trpc/auth.register', { headers: { origin: 'http://127.0.0.1.evil.example' }, body: JSON.stringify({ json: registerInput() }) }],
      ['/trpc/auth.register', { headers: { 'sec-fetch-site': 'same-site' }, body: JSON.stringify({ json: registerInput() }) }],
      [
        '/trpc/user.update',
        { headers: { origin: 'https://evil.example', cookie }, body: JSON.stringify({ json: { firstName: 'Mallory' } }) },
      ],
      ['/trpc/auth.revokeOtherSessions', { headers: { 'sec-fetch-site': 'cross-site', cookie }, body: '{}' }],
      // A "simple" form post, which browsers send cross-site without a preflight.
      [
        '/trpc/user.update',
        {
          headers: { origin: 'https://evil.example', cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'firstName=Mallory',
        },
      ],
    ];
    for (const [url, init] of attempts) {
      const response = await fetch(`${server.url}${url}`, {
        method: 'POST',
        ...init,
        headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
      });
      expect({ url, headers: init.headers, status: response.status }).toEqual({ url, headers: init.headers, status: 403 });
    }
    const form = new FormData();
    form.append('accountType', 'user');
    form.append('accountId', user.id);
    form.append('imageType', 'portfolio');
    form.append('file', new Blob([new Uint8Array(16)]), 'x.jpg');
    const upload = await fetch(`${server.url}/api/images`, {
      method: 'POST',
      body: form,
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(upload.status).toBe(403);
    expect({ users: await userCount(), sessions: await sessionCount(user.id) }).toEqual(before);
    const [row] = await server.deps.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, user.id));
    expect(row.firstName).toBe(user.firstName);
  });

  it('does not run a mutation sent as a GET (no state change through a link or an image tag)', async () => {
    const before = await userCount();
    const input = encodeURIComponent(JSON.stringify({ json: registerInput() }));
    const response = await fetch(`${server.url}/trpc/auth.register?input=${input}`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await userCount()).toBe(before);
  });
});

describe('batching', () => {
  it(`refuses a POST batch of ${MAX_BATCH_SIZE + 1} mutations as a whole: none of them runs`, async () => {
    const before = await userCount();
    const calls = Array.from({ length: MAX_BATCH_SIZE + 1 }, () => 'auth.register').join(',');
    const body = Object.fromEntries(Array.from({ length: MAX_BATCH_SIZE + 1 }, (_, i) => [String(i), { json: registerInput() }]));
    const response = await post(`${server.url}/trpc/${calls}?batch=1`, body, { origin: server.url });
    expect(response.status).toBe(400);
    expect(await userCount()).toBe(before);
  });
});

describe('security headers', () => {
  // The SPA shell as served in production (a stand-in index.html: the headers do not depend on the build).
  let withClient: TestServer | undefined;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-shell-'));
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html lang="en"><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    withClient = await startTestServer({ serveClient: true, clientDir });
  });
  afterAll(async () => {
    await withClient?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('sends CSP with frame-ancestors, nosniff and a referrer policy on API answers, errors and files', async () => {
    const responses = [
      await fetch(`${server.url}/trpc/auth.me`),
      await fetch(`${server.url}/trpc/no.such`),
      await fetch(`${server.url}/api/images`, { method: 'POST', headers: { origin: server.url } }),
    ];
    for (const response of responses) {
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('sends them on the app page itself, with scripts only from the app origin', async () => {
    const page = await fetch(`${withClient?.url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toMatch(/DENY|SAMEORIGIN/);
    // A deep link gets the same page and the same headers.
    const deep = await fetch(`${withClient?.url}/studios`, { headers: { accept: 'text/html' } });
    expect(deep.headers.get('content-security-policy')).toBe(csp);
  });
});
