import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images, notifications, shops, shopUsers, studioActivationRequests } from '../../server/db/schema';
import { trpcError } from '../support/client';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';
import { studioInput } from '../support/studio-fixtures';

// Issue 19, item 4: the Create New Studio dialog's choices are kept; the owner asks for activation
// (idempotent, one open request per studio even when asked twice at once), an AppAdmin activates or
// declines it in the console, and the owner is notified. Item 15: a showcase studio's galleries.

const server = useTestServer();

async function ownerWithStudio(overrides: Record<string, unknown> = {}) {
  const owner = await createUser({}, server.deps.db);
  const client = server.client();
  await signIn(client, owner);
  const studio = await client.studio.create.mutate(studioInput({ name: `Activation ${owner.id.slice(0, 8)}`, ...overrides }));
  return { owner, client, studio };
}

async function adminClient() {
  const admin = await createUser({ userTypes: ['client', 'AppAdmin'] }, server.deps.db);
  const client = server.adminClient();
  await signIn(client, admin);
  return client;
}

const requestsOf = async (shopId: string) =>
  server.deps.db.select().from(studioActivationRequests).where(eq(studioActivationRequests.shopId, shopId));

describe('Create New Studio keeps every toggle', () => {
  it('saves Accept Booking Requests and the other switches as chosen; the studio starts inactive', async () => {
    const { studio, client } = await ownerWithStudio({
      isBookable: true,
      lookingForResident: true,
      lookingForGuest: true,
      useArtistsPortfolios: true,
      useArtistsFlashes: true,
    });
    expect(studio).toMatchObject({
      isBookable: true,
      lookingForResident: true,
      lookingForGuest: true,
      useArtistsPortfolios: true,
      useArtistsFlashes: true,
      isActive: false,
    });
    const page = await client.studio.byId.query({ id: studio.id });
    expect(page).toMatchObject({ isBookable: true, isActive: false, isOwner: true, activation: { status: 'none' } });
  });
});

describe('studio activation', () => {
  it('only the owner may request; a manager or a stranger gets FORBIDDEN and nothing is written', async () => {
    const { studio } = await ownerWithStudio();
    const stranger = server.client();
    await signIn(stranger, await createUser({}, server.deps.db));
    expect(await trpcError(stranger.studio.requestActivation.mutate({ id: studio.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: "Only the studio's owner can request activation",
    });
    expect(await trpcError(server.client().studio.requestActivation.mutate({ id: studio.id }))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await requestsOf(studio.id)).toHaveLength(0);
    // A visitor's page carries no activation state.
    expect(await stranger.studio.byId.query({ id: studio.id })).toMatchObject({ isOwner: false, activation: null });
  });

  it('requesting twice keeps one pending request with its first date', async () => {
    const { studio, client } = await ownerWithStudio();
    const first = await client.studio.requestActivation.mutate({ id: studio.id });
    expect(first.status).toBe('pending');
    server.clock.advance(60_000);
    const second = await client.studio.requestActivation.mutate({ id: studio.id });
    expect(second).toEqual(first);
    expect(await requestsOf(studio.id)).toHaveLength(1);
    expect((await client.studio.byId.query({ id: studio.id })).activation).toEqual(first);
  });

  it('ten requests at once create exactly one pending request (unique index, PostgreSQL in CI)', async () => {
    const { studio, client } = await ownerWithStudio();
    const results = await Promise.all(Array.from({ length: 10 }, () => client.studio.requestActivation.mutate({ id: studio.id })));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set(['pending']));
    expect(await requestsOf(studio.id)).toHaveLength(1);
  });

  it('the admin console lists it; Activate makes the studio active, notifies the owner, and a second decision is refused', async () => {
    const { studio, client, owner } = await ownerWithStudio();
    await client.studio.requestActivation.mutate({ id: studio.id });
    const admin = await adminClient();
    const pending = await admin.admin.activations.pending.query();
    const row = pending.find((r) => r.studioId === studio.id);
    expect(row).toMatchObject({ name: studio.name, ownerEmail: owner.email });

    // The owner cannot decide their own request (admin only).
    expect((await trpcError(client.admin.activations.decide.mutate({ requestId: row!.id, decision: 'approve' }))).code).toBe('FORBIDDEN');

    // Two admins deciding at once: exactly one wins (the guarded UPDATE), the other gets CONFLICT.
    const outcomes = await Promise.allSettled([
      admin.admin.activations.decide.mutate({ requestId: row!.id, decision: 'approve' }),
      admin.admin.activations.decide.mutate({ requestId: row!.id, decision: 'decline' }),
    ]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(await trpcError(Promise.reject(lost.reason))).toMatchObject({
      code: 'CONFLICT',
      message: 'This activation request was already decided',
    });
    const decided = (won[0] as PromiseFulfilledResult<{ status: string; isActive: boolean }>).value;

    const [shop] = await server.deps.db.select().from(shops).where(eq(shops.id, studio.id));
    expect(shop.isActive).toBe(decided.status === 'approved');
    const notes = await server.deps.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'general_alert' });
    expect(notes[0].data).toMatchObject({ shopId: studio.id, link: `/studio/${studio.urlSlug}` });
    expect((await admin.admin.activations.pending.query()).some((r) => r.studioId === studio.id)).toBe(false);
  });

  it('Activate: the owner sees Active; Decline: the owner sees when and may ask again', async () => {
    const admin = await adminClient();
    const approved = await ownerWithStudio();
    await approved.client.studio.requestActivation.mutate({ id: approved.studio.id });
    const declined = await ownerWithStudio();
    await declined.client.studio.requestActivation.mutate({ id: declined.studio.id });
    const pending = await admin.admin.activations.pending.query();
    const idOf = (shopId: string) => pending.find((r) => r.studioId === shopId)!.id;
    await admin.admin.activations.decide.mutate({ requestId: idOf(approved.studio.id), decision: 'approve' });
    await admin.admin.activations.decide.mutate({ requestId: idOf(declined.studio.id), decision: 'decline' });

    expect(await approved.client.studio.byId.query({ id: approved.studio.id })).toMatchObject({
      isActive: true,
      activation: { status: 'active' },
    });
    const after = await declined.client.studio.byId.query({ id: declined.studio.id });
    expect(after).toMatchObject({ isActive: false, activation: { status: 'declined' } });
    expect(await declined.client.studio.requestActivation.mutate({ id: declined.studio.id })).toMatchObject({ status: 'pending' });
    expect(await requestsOf(declined.studio.id)).toHaveLength(2);
    // An active studio's owner asking again creates nothing.
    expect(await approved.client.studio.requestActivation.mutate({ id: approved.studio.id })).toEqual({ status: 'active' });
    expect(await requestsOf(approved.studio.id)).toHaveLength(1);
  });

  it('an unknown request is NOT_FOUND and a bad decision BAD_REQUEST', async () => {
    const admin = await adminClient();
    expect(
      await trpcError(admin.admin.activations.decide.mutate({ requestId: '00000000-0000-4000-8000-000000000000', decision: 'approve' })),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Activation request not found' });
    expect(await trpcError(admin.admin.activations.decide.mutate({ requestId: 'nope', decision: 'approve' } as never))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Activation request not found',
    });
  });
});

describe("a showcase studio's galleries (useArtistsPortfolios / useArtistsFlashes)", () => {
  it("shows its resident artists' portfolio and flash images alongside its own when the flags are set", async () => {
    const { studio, client } = await ownerWithStudio();
    const artistUser = await createUser({}, server.deps.db);
    const artistClient = server.client();
    await signIn(artistClient, artistUser);
    await artistClient.artist.saveMine.mutate({ name: 'Resident Ray', urlSlug: `ray-${artistUser.id.slice(0, 6)}` } as never);
    await server.deps.db.insert(shopUsers).values({ shopId: studio.id, userId: artistUser.id });
    await server.deps.db.insert(images).values([
      { url: `/files/shops/${studio.id}/own-p.webp`, accountId: studio.id, accountType: 'shop', imageType: 'portfolio' },
      { url: `/files/shops/${studio.id}/own-f.webp`, accountId: studio.id, accountType: 'shop', imageType: 'flash' },
      { url: `/files/users/${artistUser.id}/ray-p.webp`, accountId: artistUser.id, accountType: 'user', imageType: 'portfolio' },
      { url: `/files/users/${artistUser.id}/ray-f.webp`, accountId: artistUser.id, accountType: 'user', imageType: 'flash' },
    ]);
    const urls = async (imageType: 'portfolio' | 'flash') =>
      (await client.image.studioGallery.query({ studioId: studio.id, imageType })).items.map((i) => i.url.split('/').pop()).sort();
    expect(await urls('portfolio')).toEqual(['own-p.webp']);
    expect(await urls('flash')).toEqual(['own-f.webp']);
    await client.studio.update.mutate({ id: studio.id, useArtistsPortfolios: true });
    expect(await urls('portfolio')).toEqual(['own-p.webp', 'ray-p.webp']);
    expect(await urls('flash')).toEqual(['own-f.webp']);
    await client.studio.update.mutate({ id: studio.id, useArtistsFlashes: true });
    expect(await urls('flash')).toEqual(['own-f.webp', 'ray-f.webp']);
    // A member whose membership ended no longer shows.
    await server.deps.db
      .update(shopUsers)
      .set({ deleted: true })
      .where(and(eq(shopUsers.shopId, studio.id), eq(shopUsers.userId, artistUser.id)));
    expect(await urls('portfolio')).toEqual(['own-p.webp']);
    const [{ n }] = await server.deps.db.select({ n: count() }).from(images).where(eq(images.accountId, artistUser.id));
    expect(n).toBe(2);
  });
});
