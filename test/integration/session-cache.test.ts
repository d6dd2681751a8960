import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema';
import { trpcError, type TestClient } from '../support/client';
import { msUntil } from '../support/change-feed';
import { createUser, DEFAULT_PASSWORD, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

// Reads may be served from a recently validated session; the database announces every change to
// users and sessions (migration 0005), so reads see changes made anywhere within milliseconds.

const server = useTestServer();

async function signedInClient() {
  const user = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, { email: user.email, password: DEFAULT_PASSWORD });
  await client.auth.me.query(); // warms the cache
  return { user, client };
}

const isRefused = (client: TestClient) => async () => (await client.auth.me.query()) === null;

async function withAnnouncementsOff<T>(fn: () => Promise<T>) {
  await server.deps.db.execute(sql`alter table users disable trigger users_announce_update`);
  await server.deps.db.execute(sql`alter table sessions disable trigger sessions_announce_delete`);
  try {
    return await fn();
  } finally {
    await server.deps.db.execute(sql`alter table users enable trigger users_announce_update`);
    await server.deps.db.execute(sql`alter table sessions enable trigger sessions_announce_delete`);
  }
}

describe('session cache', () => {
  it('serves reads from the cache: a change nobody announces stays unseen by reads', async () => {
    const { user, client } = await signedInClient();
    await withAnnouncementsOff(async () => {
      await server.deps.db.update(users).set({ firstName: 'Unannounced' }).where(eq(users.id, user.id));
      expect((await client.auth.me.query())?.firstName).toBe(user.firstName);
    });
  });

  it('validates every write in the database: a session deleted unannounced is refused for writes at once', async () => {
    const { user, client } = await signedInClient();
    await withAnnouncementsOff(async () => {
      await server.deps.db.delete(sessions).where(eq(sessions.userId, user.id));
      const error = await trpcError(client.user.update.mutate({ bio: 'after revocation' }));
      expect(error).toMatchObject({ code: 'UNAUTHORIZED' });
    });
    const [row] = await server.deps.db.select({ bio: users.bio }).from(users).where(eq(users.id, user.id));
    expect(row.bio).not.toBe('after revocation');
  });

  it('shows reads a change written elsewhere (another process, a CLI) within a second', async () => {
    const { user, client } = await signedInClient();
    await server.deps.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, user.id));
    expect(await msUntil(async () => (await client.auth.me.query())?.firstName === 'Renamed')).toBeLessThan(1000);
  });

  it('refuses reads with a session revoked elsewhere within a second', async () => {
    const { user, client } = await signedInClient();
    await server.deps.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await msUntil(isRefused(client))).toBeLessThan(1000);
  });

  it('refuses reads with a disabled account within a second', async () => {
    const { user, client } = await signedInClient();
    await server.deps.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect(await msUntil(isRefused(client))).toBeLessThan(1000);
  });

  it("shows a user's own write to their very next read, every time", async () => {
    const { client } = await signedInClient();
    for (let i = 0; i < 20; i++) {
      await client.user.update.mutate({ firstName: `Name${i}` });
      expect((await client.auth.me.query())?.firstName).toBe(`Name${i}`);
    }
  });

  it('refuses the very next read after logout', async () => {
    const { client } = await signedInClient();
    const cookie = client.jar.header();
    await client.auth.logout.mutate();
    const replay = server.client();
    for (const pair of cookie.split('; ')) {
      const [name, value] = pair.split('=');
      replay.jar.cookies.set(name, value);
    }
    expect(await replay.auth.me.query()).toBeNull();
  });
});
