import { describe, expect, it } from 'vitest';
import { trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('calendar integrations on the user record (spec 1 §4)', () => {
  it('adding replaces the same provider, update merges, removal is by id, and the active check is per provider', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    const [google] = await client.user.addCalendarIntegration.mutate({ provider: 'google', settings: { calendarId: 'primary' } });
    expect(google).toMatchObject({ provider: 'google', isActive: true, calendarId: 'primary' });
    const afterReplace = await client.user.addCalendarIntegration.mutate({ provider: 'google', settings: { calendarId: 'work' } });
    expect(afterReplace).toHaveLength(1);
    expect(afterReplace[0]).toMatchObject({ provider: 'google', calendarId: 'work' });
    expect(afterReplace[0].id).not.toBe(google.id);

    const withIcs = await client.user.addCalendarIntegration.mutate({ provider: 'ics', isActive: false, settings: {} });
    expect(withIcs.map((i) => i.provider).sort()).toEqual(['google', 'ics']);
    const merged = await client.user.updateCalendarIntegration.mutate({ id: afterReplace[0].id, settings: { color: 'blue' } });
    expect(merged.find((i) => i.provider === 'google')).toMatchObject({ calendarId: 'work', color: 'blue', isActive: true });

    expect(await client.user.hasActiveCalendarIntegration.query({ provider: 'google' })).toBe(true);
    expect(await client.user.hasActiveCalendarIntegration.query({ provider: 'ics' })).toBe(false);
    await client.user.removeCalendarIntegration.mutate({ id: afterReplace[0].id });
    expect(await client.user.hasActiveCalendarIntegration.query({ provider: 'google' })).toBe(false);
    expect(await trpcError(client.user.removeCalendarIntegration.mutate({ id: afterReplace[0].id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Calendar integration not found',
    });
    expect((await client.auth.me.query())?.calendarIntegrations.map((i) => i.provider)).toEqual(['ics']);
  });

  it('keeps one integration per provider when two tabs add at once', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    await Promise.all(Array.from({ length: 8 }, (_, i) => client.user.addCalendarIntegration.mutate({ provider: 'google', settings: { n: i } })));
    expect((await client.auth.me.query())?.calendarIntegrations).toHaveLength(1);
  });
});
