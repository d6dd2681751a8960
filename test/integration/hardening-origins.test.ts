import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { ADMIN_HOST_MESSAGE } from '../../server/trpc/init';
import { createTestClient, fetchWithHost, type TestClient, trpcError } from '../support/client';
import { createUser, registerInput, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

// Issue 18, item 2: the admin API answers only the admin console on the admin host, and the
// cross-site check trusts the configured origins only (never one the request's Host vouches for).

const server = useTestServer();
const userCount = async () => (await server.deps.db.select({ n: count() }).from(users))[0].n;
let admin: Awaited<ReturnType<typeof createUser>>;
let onAdminHost: TestClient;

beforeAll(async () => {
  admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, server.deps.db);
  onAdminHost = server.adminClient();
  await signIn(onAdminHost, admin);
});

describe('the admin API on the admin host only', () => {
  it('answers an AppAdmin on the admin host, and refuses the same AppAdmin signed in on the main site', async () => {
    expect((await onAdminHost.admin.users.recent.query()).length).toBeGreaterThan(0);
    const onMainSite = server.client();
    await signIn(onMainSite, admin);
    expect(await trpcError(onMainSite.admin.users.recent.query())).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: ADMIN_HOST_MESSAGE,
    });
    // The same session's cookie, carried to the main host, is refused there too.
    const stolen = server.client();
    stolen.jar.cookies.set(...([...onAdminHost.jar.cookies][0] as [string, string]));
    expect((await trpcError(stolen.admin.dashboard.query())).message).toBe(ADMIN_HOST_MESSAGE);
  });

  it('refuses a request to the admin host from another origin or that the browser calls cross-site', async () => {
    const adminHost = new URL(server.deps.config.adminOrigin).host;
    for (const origin of [server.deps.config.appOrigin, 'https://evil.example', 'null']) {
      const client = createTestClient(server.url, { origin, host: adminHost });
      client.jar.cookies.set(...([...onAdminHost.jar.cookies][0] as [string, string]));
      expect({ origin, ...(await trpcError(client.admin.users.recent.query())) }).toMatchObject({
        origin,
        code: 'FORBIDDEN',
        message: ADMIN_HOST_MESSAGE,
      });
    }
    // A GET without Origin (a same-site <script src> or <img>): Sec-Fetch-Site says where it came from.
    const cookie = onAdminHost.jar.header();
    const send = fetchWithHost(adminHost);
    const sameSite = await send(`${server.url}/trpc/admin.users.recent`, { headers: { cookie, 'sec-fetch-site': 'same-site' } });
    expect(sameSite.status).toBe(403);
    const sameOrigin = await send(`${server.url}/trpc/admin.users.recent`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.status).toBe(200);
  });
});

describe('the cross-site check trusts the configured origins only', () => {
  it('refuses a DNS-rebinding request whose Origin matches its own Host, and writes nothing', async () => {
    const port = new URL(server.url).port;
    const before = await userCount();
    for (const name of ['rebind.evil.example', `127.0.0.1.nip.io`]) {
      const host = `${name}:${port}`;
      const response = await fetchWithHost(host)(`${server.url}/trpc/auth.register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://${host}` },
        body: JSON.stringify({ json: registerInput() }),
      });
      expect({ host, status: response.status, body: await response.json() }).toEqual({
        host,
        status: 403,
        body: { error: 'Cross-site request refused' },
      });
    }
    expect(await userCount()).toBe(before);
  });

  it('accepts the app origin under the other loopback names (npm start opened at 127.0.0.1 or localhost), and no other name', async () => {
    const port = new URL(server.url).port;
    const outcomes = [];
    for (const origin of [
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
      `http://localhost:${Number(port) + 1}`,
      `https://localhost:${port}`,
    ]) {
      const response = await fetch(`${server.url}/trpc/auth.register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ json: registerInput() }),
      });
      outcomes.push({ origin, status: response.status });
    }
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 403, 403]);
  });

  it('accepts the configured app and admin origins', async () => {
    for (const origin of [server.deps.config.appOrigin, server.deps.config.adminOrigin]) {
      const response = await fetch(`${server.url}/trpc/auth.register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ json: registerInput() }),
      });
      expect({ origin, status: response.status }).toEqual({ origin, status: 200 });
    }
  });
});
