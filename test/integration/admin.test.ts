import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  artists,
  auditLog,
  notifications,
  orders,
  paymentRequests,
  type shops,
  shopUsers,
  storefronts,
  users,
} from '../../server/db/schema';
import { ACCESS_DENIED_MESSAGE } from '../../server/domains/admin/inputs';
import { filterBySubstring, SEARCH_FIELDS } from '../../server/domains/admin/rules';
import { SMS_DISABLED_MESSAGE } from '../../server/domains/notifications/rules';
import { appRouter } from '../../server/router';
import { type TestClient, trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { insertShop } from '../support/maintenance-data';
import { useTestServer } from '../support/server';

// The admin console's procedures (spec 2 §2, §3, §5, §6, §8): AppAdmin only, search, Load Recent,
// edits with their validations and messages, user types, the audit log, notifications, dashboard.

const server = useTestServer();
let admin: Awaited<ReturnType<typeof createUser>>;
let client: TestClient;

beforeAll(async () => {
  admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, server.deps.db);
  client = server.adminClient();
  await signIn(client, admin);
});

const auditCount = async () => (await server.deps.db.select({ n: count() }).from(auditLog))[0].n;

type Procedure = { _def: { type: 'query' | 'mutation' | 'subscription' } };
const adminPaths = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>)
  .filter(([path]) => path.startsWith('admin.'))
  .map(([path, procedure]) => [path, procedure._def.type] as const);

/** Calls a procedure by its dotted path with no input (the access check comes before input parsing). */
function call(target: TestClient, path: string, type: string) {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], target) as Record<string, (input?: unknown) => Promise<unknown>>;
  return type === 'query' ? fn.query(undefined) : fn.mutate(undefined);
}

describe('access (spec 2 §6)', () => {
  it('covers the whole admin router', () => {
    expect(adminPaths.length).toBeGreaterThanOrEqual(25);
  });

  it.each(['Administrative', 'Owner'] as const)('refuses a user of type %s every admin procedure with the exact access-denied text', async (userType) => {
    const user = await createUser({ userTypes: ['client', userType] }, server.deps.db);
    const other = server.adminClient();
    await signIn(other, user);
    for (const [path, type] of adminPaths) {
      expect({ path, ...(await trpcError(call(other, path, type))) }).toEqual({ path, code: 'FORBIDDEN', httpStatus: 403, message: ACCESS_DENIED_MESSAGE });
    }
  });

  it('answers UNAUTHORIZED without a session', async () => {
    for (const [path, type] of adminPaths) expect((await trpcError(call(server.adminClient(), path, type))).code).toBe('UNAUTHORIZED');
  });
});

describe('User Management', () => {
  it('searches by prefix on email, displayName (with or without @), firstName and lastName, 50 per field', async () => {
    const tag = `zq${randomUUID().slice(0, 6)}`;
    const target = await createUser({ email: `${tag}.ink@example.com`, displayName: `@${tag}_handle`, firstName: `${tag}First`, lastName: `${tag}Last` }, server.deps.db);
    for (const query of [`${tag}.ink@`, `${tag}_han`, `@${tag}_han`, `${tag}fir`, `${tag.toUpperCase()}LAST`]) {
      const rows = await client.admin.users.search.query({ query });
      expect(rows.map((r) => r.id)).toEqual([target.id]);
    }
    // Inside a word is not a prefix: the server finds nothing, the console's substring filter then narrows shown rows.
    expect(await client.admin.users.search.query({ query: `${tag.slice(2)}First` })).toEqual([]);

    const many = `mm${randomUUID().slice(0, 6)}`;
    await server.deps.db.execute(sql`insert into users (email, display_name, first_name, last_name)
      select 'u' || g || '_' || ${many} || '@example.com', '@' || ${many} || '_x' || g, ${many}, 'Nobody' from generate_series(1, 55) g`);
    // 50 by firstName and 50 by displayName, merged without repeats: 55 at most.
    const capped = await client.admin.users.search.query({ query: many });
    expect(new Set(capped.map((r) => r.id)).size).toBe(capped.length);
    expect(capped.length).toBeGreaterThanOrEqual(50);
    expect(capped.length).toBeLessThanOrEqual(55);
    expect(await client.admin.users.search.query({ query: `@${many}_x` })).toHaveLength(50);

    // Then the console filters the rows it shows by substring, in any searchable field.
    expect(filterBySubstring(capped, '_x17@', SEARCH_FIELDS.users)).toHaveLength(0);
    expect(filterBySubstring(capped, `${many}_x17`, SEARCH_FIELDS.users).map((r) => r.displayName)).toEqual([`@${many}_x17`]);
    expect(filterBySubstring(capped, '', SEARCH_FIELDS.users)).toHaveLength(capped.length);
    expect((await trpcError(client.admin.users.search.query({ query: '   ' }))).message).toBe('Please enter a search term');
  });

  it('loads the 100 newest users, newest first', async () => {
    const tag = randomUUID().slice(0, 8);
    await server.deps.db.execute(sql`insert into users (email, display_name, first_name, last_name, created_at)
      select 'old' || g || '_' || ${tag} || '@example.com', '@old_' || ${tag} || '_' || g, 'Old', 'Timer', now() - interval '1 day' from generate_series(1, 100) g`);
    const newest = await createUser({ firstName: 'Newest' }, server.deps.db);
    const rows = await client.admin.users.recent.query();
    expect(rows).toHaveLength(100);
    expect(rows[0].id).toBe(newest.id);
    expect(rows[0]).toMatchObject({ email: newest.email, userTypes: ['client'], deleted: false, shopUsers: 0, fcmTokens: 0 });
  });

  it('counts the studios a user belongs to: owned or a member of, each studio once, ended and removed memberships not counted', async () => {
    const db = server.deps.db;
    const now = server.clock.now();
    const owner = await createUser({ firstName: 'Owning' }, db);
    const member = await createUser({ firstName: 'Joining' }, db);
    const former = await createUser({ firstName: 'Leaving' }, db);
    // An owner with no membership row (an imported or claimed shop) and one with both.
    const claimed = await insertShop(db, now, { name: 'Claimed Ink', ownerId: owner.id });
    const built = await insertShop(db, now, { name: 'Built Ink', ownerId: owner.id });
    const closed = await insertShop(db, now, { name: 'Closed Ink', ownerId: owner.id, deleted: true, deletedAt: now });
    const day = 86_400_000;
    await db.insert(shopUsers).values([
      { shopId: built.id, userId: owner.id },
      // A resident twice over time at the same studio (past stint, current stint) counts once.
      { shopId: claimed.id, userId: member.id, startDate: new Date(now.getTime() - 90 * day), endDate: new Date(now.getTime() - 60 * day) },
      { shopId: claimed.id, userId: member.id, startDate: new Date(now.getTime() - 10 * day) },
      // A guest spot that starts next week: already belongs.
      {
        shopId: built.id,
        userId: member.id,
        shopUserType: 1,
        startDate: new Date(now.getTime() + 7 * day),
        endDate: new Date(now.getTime() + 14 * day),
      },
      // Ended, removed, or at a deleted studio: not counted.
      { shopId: claimed.id, userId: former.id, startDate: new Date(now.getTime() - 90 * day), endDate: new Date(now.getTime() - 1 * day) },
      { shopId: built.id, userId: former.id, deleted: true },
      { shopId: closed.id, userId: former.id },
    ]);
    const rows = await client.admin.users.search.query({ query: 'Owning' });
    const byId = new Map(
      [
        ...rows,
        ...(await client.admin.users.search.query({ query: 'Joining' })),
        ...(await client.admin.users.search.query({ query: 'Leaving' })),
      ].map((r) => [r.id, r]),
    );
    expect(byId.get(owner.id)?.studios).toBe(2);
    expect(byId.get(member.id)?.studios).toBe(2);
    // shopUsers (spec 2 §3) stays the number of membership records, removed ones left out.
    expect(byId.get(member.id)?.shopUsers).toBe(3);
    expect(byId.get(former.id)?.shopUsers).toBe(2);
    expect(byId.get(former.id)?.studios).toBe(0);
  });

  it('edits a user with the spec validations; grants and revokes user types; audits who, when, before and after', async () => {
    const user = await createUser({ firstName: 'Ada' }, server.deps.db);
    const base = { id: user.id, displayName: user.displayName, firstName: 'Ada', lastName: 'User', phone: null, city: null, state: null, bio: null, userTypes: ['client'] as never[], deleted: false };
    const before = await auditCount();
    expect(await trpcError(client.admin.users.update.mutate({ ...base, displayName: ' ' }))).toMatchObject({ code: 'BAD_REQUEST', message: 'Display name is required' });
    expect(await trpcError(client.admin.users.update.mutate({ ...base, displayName: admin.displayName }))).toMatchObject({ code: 'CONFLICT', message: 'Display name is already taken' });
    expect(await trpcError(client.admin.users.update.mutate({ ...base, userTypes: ['Wizard'] as never[] }))).toMatchObject({ code: 'BAD_REQUEST', message: 'Unknown user type' });
    expect(await auditCount()).toBe(before);

    const userClient = server.adminClient();
    await signIn(userClient, user);
    expect((await trpcError(userClient.admin.dashboard.query())).code).toBe('FORBIDDEN');

    const granted = await client.admin.users.update.mutate({ ...base, city: 'Tucson', userTypes: ['client', 'AppAdmin'] as never[] });
    expect(granted).toMatchObject({ message: 'User updated successfully', user: { city: 'Tucson', userTypes: ['client', 'AppAdmin'] } });
    // The grant takes effect on the user's very next request.
    await expect(userClient.admin.dashboard.query()).resolves.toMatchObject({ windowDays: 30 });
    await client.admin.users.update.mutate({ ...base, city: 'Tucson', userTypes: ['client'] as never[] });
    expect((await trpcError(userClient.admin.dashboard.query())).message).toBe(ACCESS_DENIED_MESSAGE);

    const history = await client.admin.audit.query({ entityType: 'user', entityId: user.id });
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ action: 'user.update', actorId: admin.id, actorEmail: admin.email, before: { userTypes: ['client', 'AppAdmin'] }, after: { userTypes: ['client'] } });
    expect(history[1]).toMatchObject({ before: { city: null, userTypes: ['client'] }, after: { city: 'Tucson', userTypes: ['client', 'AppAdmin'] } });
    expect(history[0].createdAt).toBeInstanceOf(Date);

    // An unchanged save writes no audit row.
    const rows = await auditCount();
    await client.admin.users.update.mutate({ ...base, city: 'Tucson', userTypes: ['client'] as never[] });
    expect(await auditCount()).toBe(rows);

    const deleted = await client.admin.users.update.mutate({ ...base, city: 'Tucson', deleted: true });
    expect(deleted.user).toMatchObject({ deleted: true });
    expect(deleted.user.deletedAt).toBeInstanceOf(Date);
    // A deleted user's sessions end.
    expect(await userClient.auth.me.query()).toBeNull();
  });

  it('refuses to take away its own AppAdmin access or delete its own account', async () => {
    const self = { id: admin.id, displayName: admin.displayName, firstName: 'Test', lastName: 'User', phone: null, city: null, state: null, bio: null, deleted: false };
    expect(await trpcError(client.admin.users.update.mutate({ ...self, userTypes: ['client'] as never[] }))).toMatchObject({ code: 'BAD_REQUEST', message: 'You cannot remove your own AppAdmin access' });
    expect(await trpcError(client.admin.users.update.mutate({ ...self, userTypes: ['client', 'AppAdmin'] as never[], deleted: true }))).toMatchObject({
      message: 'You cannot delete your own account',
    });
  });
});

describe('Artist Management', () => {
  it('searches by name, displayName, city and userId prefix, edits within bounds, audits', async () => {
    const owner = await createUser({}, server.deps.db);
    const tag = `ar${randomUUID().slice(0, 6)}`;
    const [artist] = await server.deps.db
      .insert(artists)
      .values({ userId: owner.id, name: `${tag} Vega`, displayName: `@${tag}`, city: `${tag}ville` })
      .returning();
    for (const query of [`${tag} v`, `@${tag}`, `${tag}VILLE`, owner.id.slice(0, 13)]) {
      expect((await client.admin.artists.search.query({ query })).map((a) => a.id)).toContain(artist.id);
    }
    const base = {
      id: artist.id,
      name: artist.name,
      displayName: artist.displayName,
      bio: null,
      city: artist.city,
      state: null,
      isVerified: false,
      isFeatured: false,
      boost: 0,
      isActive: true,
      isBookable: false,
      bookingStyle: 'multi-step',
      showBanner: false,
      deleted: false,
      endorsements: 0,
      tattooStyles: [] as never[],
    };
    expect((await trpcError(client.admin.artists.update.mutate({ ...base, name: '' }))).message).toBe('Artist name is required');
    expect((await trpcError(client.admin.artists.update.mutate({ ...base, displayName: '  ' }))).message).toBe('Display name is required');
    expect((await trpcError(client.admin.artists.update.mutate({ ...base, boost: 101 }))).message).toBe('Boost must be between 0 and 100');
    expect((await trpcError(client.admin.artists.update.mutate({ ...base, boost: -1 }))).message).toBe('Boost must be between 0 and 100');
    expect((await trpcError(client.admin.artists.update.mutate({ ...base, endorsements: -1 }))).message).toBe('Endorsements must be 0 or more');
    const saved = await client.admin.artists.update.mutate({ ...base, boost: 100, isVerified: true, isFeatured: true, endorsements: 0 });
    expect(saved).toMatchObject({ message: 'Artist updated successfully', artist: { boost: 100, isVerified: true, isFeatured: true, email: owner.email } });
    const [history] = await client.admin.audit.query({ entityType: 'artist', entityId: artist.id });
    expect(history).toMatchObject({ actorId: admin.id, before: { boost: 0, isVerified: false, isFeatured: false }, after: { boost: 100, isVerified: true, isFeatured: true } });
    expect((await client.admin.artists.recent.query())[0].id).toBe(artist.id);
  });
});

describe('Studio Management', () => {
  const edit = (shop: typeof shops.$inferSelect) => ({
    id: shop.id,
    name: shop.name,
    displayName: shop.displayName ?? `@${shop.id.slice(0, 8)}`,
    email: shop.email,
    phone: shop.phone,
    website: shop.website,
    description: shop.description,
    street: shop.address,
    city: shop.city,
    state: shop.state,
    zipCode: shop.zipCode,
    isVerified: shop.isVerified,
    isFeatured: shop.isFeatured,
    boost: shop.boost,
    quality: shop.quality,
    endorsements: shop.endorsements,
    isActive: shop.isActive,
    isBookable: shop.isBookable,
    deleted: shop.deleted,
    paymentTypes: [] as never[],
    tattooStyles: [] as never[],
  });

  it('finds a studio by name, city, email or id prefix, and changes its quality with the success message', async () => {
    const tag = `st${randomUUID().slice(0, 6)}`;
    const shop = await insertShop(server.deps.db, server.clock.now(), {
      name: `${tag} Ink House`,
      displayName: `@${tag}-ink`,
      city: `${tag} Falls`,
      searchCity: `${tag} falls`,
      email: `${tag}@studio.test`,
      isActive: true,
    });
    for (const query of [`${tag} ink`, `${tag} FALLS`, `${tag}@stu`, `@${tag}-i`, shop.id.slice(0, 8)]) {
      expect((await client.admin.studios.search.query({ query })).map((s) => s.id)).toContain(shop.id);
    }
    const base = edit(shop);
    expect((await trpcError(client.admin.studios.update.mutate({ ...base, name: ' ' }))).message).toBe('Studio name is required');
    expect((await trpcError(client.admin.studios.update.mutate({ ...base, quality: 11 }))).message).toBe('Quality must be between 0 and 10');
    expect((await trpcError(client.admin.studios.update.mutate({ ...base, quality: 2.5 }))).message).toBe('Quality must be a whole number');
    expect((await trpcError(client.admin.studios.update.mutate({ ...base, boost: 101 }))).message).toBe('Boost must be between 0 and 100');
    expect((await trpcError(client.admin.studios.update.mutate({ ...base, endorsements: -3 }))).message).toBe('Endorsements must be 0 or more');
    const saved = await client.admin.studios.update.mutate({ ...base, quality: 8 });
    expect(saved).toMatchObject({ message: 'Studio updated successfully', studio: { quality: 8, city: `${tag} Falls`, searchCity: `${tag} falls` } });
    const [history] = await client.admin.audit.query({ entityType: 'shop', entityId: shop.id });
    expect(history).toMatchObject({ action: 'shop.update', actorId: admin.id, before: { quality: 1 }, after: { quality: 8 } });

    const deleted = await client.admin.studios.update.mutate({ ...base, quality: 8, deleted: true });
    expect(deleted.studio).toMatchObject({ deleted: true, deletedBy: admin.id });
    // Deleted studios are still found by the admin (by name or city).
    expect((await client.admin.studios.search.query({ query: `${tag} falls` })).map((s) => s.id)).toContain(shop.id);
    const newest = await client.admin.studios.recent.query();
    expect(newest.length).toBeLessThanOrEqual(100);
  });
});

describe('Storefront Management', () => {
  it('searches name and description by prefix (50 each), edits with the spec message, keeps the owner', async () => {
    const owner = await createUser({}, server.deps.db);
    const tag = `sf${randomUUID().slice(0, 6)}`;
    const [front] = await server.deps.db
      .insert(storefronts)
      .values({ ownerId: owner.id, ownerType: 'user', name: `${tag} Prints`, description: `${tag}-made aftercare and prints` })
      .returning();
    expect((await client.admin.storefronts.search.query({ query: `${tag} pr` })).map((s) => s.id)).toEqual([front.id]);
    expect((await client.admin.storefronts.search.query({ query: `${tag}-MADE` })).map((s) => s.id)).toEqual([front.id]);
    expect((await client.admin.storefronts.recent.query())[0]).toMatchObject({ id: front.id, ownerId: owner.id, ownerName: owner.displayName });
    const base = { id: front.id, name: front.name, description: front.description, isActive: true, verified: false, featured: false, boost: 0 };
    expect((await trpcError(client.admin.storefronts.update.mutate({ ...base, name: '' }))).message).toBe('Storefront name is required');
    const saved = await client.admin.storefronts.update.mutate({ ...base, verified: true, featured: true, boost: 40, ownerId: randomUUID() } as typeof base);
    expect(saved).toMatchObject({ message: 'Storefront updated successfully', storefront: { verified: true, featured: true, boost: 40, ownerId: owner.id } });
  });
});

describe('Notifications tab', () => {
  it('sends a test notification through the notification service, with the form messages', async () => {
    const target = await createUser({}, server.deps.db);
    const form = { type: 'general_alert' as const, title: 'Heads up', body: 'Testing one two', channels: ['in_app' as const], priority: 'high' as const, escalationProfile: 'urgent' as const, targetUserId: target.id, customData: '{"orderId": 42}' };
    expect((await trpcError(client.admin.notifications.sendTest.mutate({ ...form, title: ' ' }))).message).toBe('Please fill in all required fields');
    expect((await trpcError(client.admin.notifications.sendTest.mutate({ ...form, targetUserId: '' }))).message).toBe('Please fill in all required fields');
    expect((await trpcError(client.admin.notifications.sendTest.mutate({ ...form, customData: '{orderId: 42' }))).message).toBe('Invalid JSON in custom data field');
    const sent = await client.admin.notifications.sendTest.mutate(form);
    expect(sent.message).toBe('Test notification sent');
    const [row] = await server.deps.db.select().from(notifications).where(eq(notifications.id, sent.id));
    expect(row).toMatchObject({ userId: target.id, type: 'general_alert', title: 'Heads up', priority: 'high' });
    expect(row.data).toMatchObject({ orderId: 42, test: true, sentBy: admin.id });

    const inbox = await client.admin.notifications.quickTest.mutate({ kind: 'inbox' });
    const calendar = await client.admin.notifications.quickTest.mutate({ kind: 'calendar' });
    const mine = await server.deps.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(mine.map((n) => n.id)).toEqual(expect.arrayContaining([inbox.id, calendar.id]));
    expect(mine.find((n) => n.id === calendar.id)).toMatchObject({ title: 'Test Calendar Notification', type: 'event_reminder' });
  });
  it('refuses SMS, which is disabled (spec 1 §9), saying so, instead of sending without it', async () => {
    const target = await createUser({}, server.deps.db);
    const sent = client.admin.notifications.sendTest.mutate({
      type: 'general_alert',
      title: 'By text',
      body: 'Testing SMS',
      priority: 'normal',
      escalationProfile: 'normal',
      targetUserId: target.id,
      channels: ['in_app', 'sms'],
    });
    expect(await trpcError(sent)).toEqual({ code: 'BAD_REQUEST', httpStatus: 400, message: SMS_DISABLED_MESSAGE });
    expect(await server.deps.db.select().from(notifications).where(eq(notifications.userId, target.id))).toEqual([]);
  });
});

describe('Payment Testing', () => {
  it('charges a test card and refunds it; a declined card says why', async () => {
    const ok = await client.admin.payments.testCard.mutate({ card: 'pm_card_visa', amount: 150 });
    expect(ok).toMatchObject({ ok: true, summary: 'Charged and refunded 150 cents', details: { provider: 'local' } });
    const declined = await client.admin.payments.testCard.mutate({ card: 'pm_card_chargeDeclined', amount: 150 });
    expect(declined.ok).toBe(false);
    expect(declined.summary).toMatch(/^Declined: /);
    expect((await trpcError(client.admin.payments.testCard.mutate({ card: 'pm_card_visa', amount: 50 }))).message).toBe('Minimum amount is $1.00');
  });

  it('starts subscriptions with the trial scenario (-1 default per environment, 0 none, custom) and cancels them', async () => {
    const dev = await client.admin.payments.testSubscription.mutate({ plan: 'artist_pro', environment: 'development', trialDays: -1, card: 'pm_card_visa' });
    expect(dev).toMatchObject({ ok: true, details: { trialDays: 3, status: 'trialing', priceCents: 500 } });
    const prod = await client.admin.payments.testSubscription.mutate({ plan: 'studio', environment: 'production', trialDays: -1, card: 'pm_card_visa' });
    expect(prod.details).toMatchObject({ trialDays: 30, priceCents: 5000 });
    const none = await client.admin.payments.testSubscription.mutate({ plan: 'studio', environment: 'development', trialDays: 0, card: 'pm_card_visa' });
    expect(none.details).toMatchObject({ trialDays: 0, status: 'active' });
    const custom = await client.admin.payments.testSubscription.mutate({ plan: 'artist_pro', environment: 'development', trialDays: 7, card: 'pm_card_visa' });
    expect(custom.details).toMatchObject({ trialDays: 7, status: 'trialing' });
    const declined = await client.admin.payments.testSubscription.mutate({ plan: 'studio', environment: 'development', trialDays: 0, card: 'pm_card_chargeDeclined' });
    expect(declined.ok).toBe(false);
  });
});

describe('Dashboard', () => {
  it('computes the platform figures in SQL over every row', async () => {
    const before = await client.admin.dashboard.query();
    const buyer = await createUser({ userTypes: ['client', 'Artist'] }, server.deps.db);
    await insertShop(server.deps.db, server.clock.now(), { isActive: true });
    await insertShop(server.deps.db, server.clock.now(), { isActive: false });
    const [front] = await server.deps.db.insert(storefronts).values({ ownerId: buyer.id, ownerType: 'user', name: 'Dash store' }).returning();
    await server.deps.db.insert(orders).values([
      { orderNumber: `ORD-${randomUUID().slice(0, 8)}`, customerId: buyer.id, storefrontId: front.id, total: 4200, status: 'delivered' },
      { orderNumber: `ORD-${randomUUID().slice(0, 8)}`, customerId: buyer.id, storefrontId: front.id, total: 999, status: 'cancelled' },
    ]);
    await server.deps.db.insert(paymentRequests).values({ requesterId: buyer.id, payeeId: admin.id, amount: 1000, description: 'Deposit', status: 'pending' });
    const after = await client.admin.dashboard.query();
    const typeCount = (stats: typeof after, type: string) => stats.users.byType.find((t) => t.userType === type)?.n ?? 0;
    expect(after.users.total).toBe(before.users.total + 1);
    expect(typeCount(after, 'Artist')).toBe(typeCount(before, 'Artist') + 1);
    expect(after.studios.active).toBe(before.studios.active + 1);
    expect(after.studios.inactive).toBe(before.studios.inactive + 1);
    expect(after.storefronts.total).toBe(before.storefronts.total + 1);
    expect(after.orders).toEqual({ count: before.orders.count + 2, revenue: before.orders.revenue + 4200 });
    const pending = (stats: typeof after) => stats.paymentRequests.find((p) => p.status === 'pending')?.n ?? 0;
    expect(pending(after)).toBe(pending(before) + 1);
    const [{ n: users_ }] = await server.deps.db.select({ n: count() }).from(users);
    expect(after.users.total).toBe(users_);
  });
});
