import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('auth.sessions names each device', () => {
  it('gives browser and system from the user-agent, the IP as kept, and marks the current session', async () => {
    const user = await createUser({}, server.deps.db);
    const phone = server.client();
    const laptop = server.client();
    await signIn(phone, user);
    await signIn(laptop, user);
    const [first] = await server.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id)).limit(1);
    await server.deps.db
      .update(sessions)
      .set({
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      })
      .where(eq(sessions.id, first.id));
    const list = await laptop.auth.sessions.query();
    expect(list).toHaveLength(2);
    const named = list.find((s) => s.id === first.id);
    expect(named?.device).toBe('Safari on iOS');
    // The test client's user-agent names no browser: nothing is made up.
    expect(list.find((s) => s.id !== first.id)?.device).toBeNull();
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.every((s) => typeof s.ip === 'string' || s.ip === null)).toBe(true);
  });
});

describe('auth.firstVisit', () => {
  it('is true for the account first session only; a later sign-in, on any browser, is a return', async () => {
    const user = await createUser({}, server.deps.db);
    const first = server.client();
    await signIn(first, user);
    expect(await first.auth.firstVisit.query()).toEqual({ firstVisit: true });
    const second = server.client();
    await signIn(second, user);
    expect(await second.auth.firstVisit.query()).toEqual({ firstVisit: false });
    expect(await first.auth.firstVisit.query()).toEqual({ firstVisit: true });
    // Signed out everywhere, then back on the first browser: it was remembered, so it is a return.
    await first.auth.logout.mutate();
    await second.auth.logout.mutate();
    await signIn(first, user);
    expect(await first.auth.firstVisit.query()).toEqual({ firstVisit: false });
    expect(await trpcError(server.client().auth.firstVisit.query())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
