import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images, subscriptions } from '../../server/db/schema';
import type { SubscriptionStatus } from '../../server/db/schema/payments';
import { entitlementsOf } from '../../server/domains/plans/entitlements';
import { FREE_PORTFOLIO_LIMIT, upgradeMessage } from '../../server/domains/plans/rules';
import { localFilesDir } from '../../server/providers/storage';
import { bookableArtist, requestInput, signedIn } from '../support/booking-fixtures';
import { trpcError } from '../support/client';
import { readyToReceive } from '../support/commerce-fixtures';
import { type FactoryPlan, grantPlan } from '../support/factories';
import { studioInput } from '../support/studio-fixtures';
import { useTestServer } from '../support/server';
import sharp from 'sharp';
import { postImage } from '../support/uploads';

const server = useTestServer();

const PRO_REFUSAL = { code: 'FORBIDDEN', upgrade: 'artist_pro' };
const STUDIO_REFUSAL = { code: 'FORBIDDEN', upgrade: 'studio' };

/** A free user, then (unless 'free') a personal subscription to `plan` in `status`. */
async function userWith(plan: FactoryPlan, status: SubscriptionStatus = 'active') {
  const person = await signedIn(server, { plan: 'free', userTypes: ['client', 'artist'] });
  if (plan !== 'free') await grantPlan(server.deps.db, person.user.id, plan, status);
  return person;
}

const setStatus = (userId: string, status: SubscriptionStatus) =>
  server.deps.db.update(subscriptions).set({ status }).where(eq(subscriptions.userId, userId));

/** `n` portfolio rows for the user, written directly (no files: only the count matters). */
const fillPortfolio = (userId: string, n: number) =>
  server.deps.db.insert(images).values(
    Array.from({ length: n }, (_, i) => ({
      url: `/files/test/${userId}-${i}.webp`,
      accountId: userId,
      accountType: 'user' as const,
      imageType: 'portfolio' as const,
    })),
  );

const portfolioSize = async (userId: string) =>
  (
    await server.deps.db
      .select()
      .from(images)
      .where(and(eq(images.accountId, userId), eq(images.imageType, 'portfolio')))
  ).length;

/** The WebP files stored under the user's public folder. */
const webpFilesOf = (userId: string) => {
  const dir = path.join(localFilesDir(server.deps.config), 'users', userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.webp')) : [];
};

const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 180, g: 40, b: 60 } } })
    .jpeg()
    .toBuffer();

/** POST /api/images of a small JPEG to the person's own gallery of `imageType`. */
const upload = async (person: Awaited<ReturnType<typeof userWith>>, imageType: 'portfolio' | 'flash') =>
  postImage(person.client, server.url, { accountType: 'user', accountId: person.user.id, imageType }, await photo());

async function requestPayment(requester: Awaited<ReturnType<typeof userWith>>) {
  // Sending also needs an active payout account (decision 043); the plan is checked first.
  await readyToReceive(requester.client);
  const payer = await signedIn(server);
  const { threadId } = await requester.client.thread.open.mutate({ userId: payer.user.id });
  return requester.client.paymentRequest.create.mutate({ payeeId: payer.user.id, amount: 5_000, description: 'Session deposit', threadId });
}

describe('entitlements (decision 042)', () => {
  it('sending a payment request: refused on the free tier and when canceled, with the upgrade reason; trialing, active and past_due may', async () => {
    const free = await userWith('free');
    expect(await trpcError(requestPayment(free))).toMatchObject({
      ...PRO_REFUSAL,
      message: 'Sending payment requests: an Artist Pro feature. Upgrade to Artist Pro to use it.',
    });
    for (const status of ['trialing', 'active', 'past_due'] as const) {
      const requester = await userWith('artist_pro', status);
      expect((await requestPayment(requester)).status).toBeDefined();
    }
    const canceled = await userWith('artist_pro', 'canceled');
    expect(await trpcError(requestPayment(canceled))).toMatchObject(PRO_REFUSAL);
    const incomplete = await userWith('artist_pro', 'incomplete');
    expect(await trpcError(requestPayment(incomplete))).toMatchObject(PRO_REFUSAL);
  });

  it('a request sent under the plan stays readable and cancellable after the plan ends', async () => {
    const requester = await userWith('artist_pro');
    const request = await requestPayment(requester);
    await setStatus(requester.user.id, 'canceled');
    expect((await requester.client.paymentRequest.byId.query({ paymentRequestId: request.id })).id).toBe(request.id);
    expect((await requester.client.paymentRequest.cancel.mutate({ paymentRequestId: request.id })).status).toBe('cancelled');
  });

  it('a personal storefront needs Artist Pro; an existing one stays open and readable after the plan ends', async () => {
    const free = await userWith('free');
    expect(await trpcError(free.client.storefront.create.mutate({ name: 'Free Flash', settings: {} }))).toMatchObject({
      ...PRO_REFUSAL,
      message: 'A personal storefront: an Artist Pro feature. Upgrade to Artist Pro to use it.',
    });
    const pro = await userWith('artist_pro');
    const store = await pro.client.storefront.create.mutate({ name: 'Pro Flash', settings: {} });
    await setStatus(pro.user.id, 'canceled');
    expect((await pro.client.storefront.mine.query()).map((s) => s.id)).toContain(store.id);
    expect((await server.client().storefront.byId.query({ storefrontId: store.id })).name).toBe('Pro Flash');
  });

  it('a studio storefront, invitations and walk-ins need the owner’s Studio plan; Artist Pro is not enough', async () => {
    const owner = await userWith('artist_pro');
    const studio = await owner.client.studio.create.mutate(studioInput({ name: `Plain ${owner.user.id.slice(0, 6)}` }));
    expect(
      await trpcError(owner.client.storefront.create.mutate({ ownerType: 'shop', ownerId: studio.id, name: 'Studio Shop', settings: {} })),
    ).toMatchObject(STUDIO_REFUSAL);
    const invitee = await signedIn(server);
    expect(await trpcError(owner.client.studio.addMember.mutate({ studioId: studio.id, invitee: invitee.user.email }))).toMatchObject({
      ...STUDIO_REFUSAL,
      message: 'Studio members beyond the owner: a Studio feature. Upgrade to Studio to use it.',
    });
    const walkIn = {
      shopId: studio.id,
      artistId: owner.user.id,
      clientName: 'Walk In',
      title: 'Small heart',
      startsAt: new Date(server.clock.now().getTime() + 86_400_000),
      durationMinutes: 60,
    };
    expect(await trpcError(owner.client.booking.addWalkIn.mutate(walkIn))).toMatchObject(STUDIO_REFUSAL);

    // The owner upgrades: the same studio now has them.
    await server.deps.db.update(subscriptions).set({ planId: 'studio', planName: 'Studio' }).where(eq(subscriptions.userId, owner.user.id));
    expect(
      (await owner.client.storefront.create.mutate({ ownerType: 'shop', ownerId: studio.id, name: 'Studio Shop', settings: {} })).name,
    ).toBe('Studio Shop');
    expect((await owner.client.studio.addMember.mutate({ studioId: studio.id, invitee: invitee.user.email })).id).toBeDefined();
  });

  it('a studio’s own subscription gives it the Studio features, not its owner’s other studios', async () => {
    const owner = await userWith('free');
    const first = await owner.client.studio.create.mutate(studioInput({ name: `First ${owner.user.id.slice(0, 6)}` }));
    const second = await owner.client.studio.create.mutate(studioInput({ name: `Second ${owner.user.id.slice(0, 6)}` }));
    await server.deps.db
      .insert(subscriptions)
      .values({ userId: owner.user.id, studioId: first.id, planId: 'studio', planName: 'Studio', price: 5000, status: 'trialing' });
    expect((await entitlementsOf(server.deps.db, { studioId: first.id })).features).toContain('walk_ins');
    expect((await entitlementsOf(server.deps.db, { studioId: second.id })).features).toEqual([]);
    expect((await entitlementsOf(server.deps.db, { userId: owner.user.id })).features).toEqual([]);
  });

  it('deposits: turning them on needs a plan; a lapsed artist’s new quotes ask none, a deposit already quoted stays', async () => {
    const free = await bookableArtist(server, { plan: 'free', depositPolicy: 'none' });
    const settings = await free.client.booking.settings.query();
    expect(settings.depositsAllowed).toBe(false);
    const withDeposit = {
      booksOpen: true,
      bufferMinutes: 15,
      depositPolicy: 'fixed' as const,
      depositFixedCents: 5000,
      depositPercent: 0,
      freeReschedules: 1,
      rescheduleNoticeHours: 48,
      confirmationMode: 'automatic' as const,
    };
    expect(await trpcError(free.client.booking.saveSettings.mutate(withDeposit))).toMatchObject({
      ...PRO_REFUSAL,
      message: 'Booking deposits: an Artist Pro feature. Upgrade to Artist Pro to use it.',
    });
    // Saving without a deposit is fine.
    expect(
      (await free.client.booking.saveSettings.mutate({ ...withDeposit, depositPolicy: 'none', bufferMinutes: 30 })).bufferMinutes,
    ).toBe(30);

    const artist = await bookableArtist(server, { plan: 'artist_pro' });
    const client = await signedIn(server);
    const quote = { sessionCount: 1, sessionMinutes: 120, estimate: 40_000 };
    const before = await client.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));
    expect((await artist.client.booking.quote.mutate({ requestId: before.id, ...quote })).deposit).toBe(5000);
    await setStatus(artist.user.id, 'canceled');
    const after = await client.client.booking.createRequest.mutate(requestInput(artist.user.id, artist.studio.id));
    expect((await artist.client.booking.quote.mutate({ requestId: after.id, ...quote })).deposit).toBe(0);
    expect((await client.client.booking.request.query({ requestId: before.id })).deposit).toBe(5000);
    // Saving the unchanged deposit settings is allowed; changing the amount is not.
    const saved = { ...withDeposit, depositFixedCents: 5000 };
    expect((await artist.client.booking.saveSettings.mutate(saved)).depositPolicy).toBe('fixed');
    expect(await trpcError(artist.client.booking.saveSettings.mutate({ ...saved, depositFixedCents: 6000 }))).toMatchObject(PRO_REFUSAL);
  });

  it('calendar sync and the shared studio calendar are gated; one’s own calendar is not', async () => {
    const free = await userWith('free');
    expect(await trpcError(free.client.calendar.createFeed.mutate())).toMatchObject(PRO_REFUSAL);
    const from = server.clock.now();
    const to = new Date(from.getTime() + 7 * 86_400_000);
    expect(await free.client.calendar.events.query({ from, to })).toEqual([]);
    const studio = await free.client.studio.create.mutate(studioInput({ name: `Cal ${free.user.id.slice(0, 6)}` }));
    expect(await trpcError(free.client.calendar.events.query({ from, to, shopId: studio.id }))).toMatchObject(STUDIO_REFUSAL);
    const pro = await userWith('artist_pro', 'past_due');
    expect((await pro.client.calendar.createFeed.mutate()).url).toMatch(/\.ics$/);
  });

  it(`a free portfolio holds ${FREE_PORTFOLIO_LIMIT} images; the next upload asks for Artist Pro, flash is not limited`, async () => {
    const free = await userWith('free');
    await fillPortfolio(free.user.id, FREE_PORTFOLIO_LIMIT);
    const refused = await upload(free, 'portfolio');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ upgrade: 'artist_pro', error: upgradeMessage('unlimited_portfolio') });
    expect((await upload(free, 'flash')).status).toBe(201);
    await grantPlan(server.deps.db, free.user.id, 'artist_pro', 'trialing');
    expect((await upload(free, 'portfolio')).status).toBe(201);
    expect(await portfolioSize(free.user.id)).toBe(FREE_PORTFOLIO_LIMIT + 1);
  });

  it(`ten uploads at once to a free portfolio one short of ${FREE_PORTFOLIO_LIMIT}: one is stored, nine ask for Artist Pro`, async () => {
    const free = await userWith('free');
    await fillPortfolio(free.user.id, FREE_PORTFOLIO_LIMIT - 1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(free, 'portfolio')));
    const stored = answers.filter((a) => a.status === 201);
    expect(stored).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer).toEqual({ status: 403, body: { error: upgradeMessage('unlimited_portfolio'), upgrade: 'artist_pro' } });
    }
    expect(await portfolioSize(free.user.id)).toBe(FREE_PORTFOLIO_LIMIT);
    // The refused uploads' files were removed again: only the stored image and its variants remain.
    expect(webpFilesOf(free.user.id)).toHaveLength(1 + (stored[0].body.variants as unknown[]).length);
  });

  it('payment.entitlements tells the client its plans and features', async () => {
    const free = await userWith('free');
    expect(await free.client.payment.entitlements.query()).toEqual({ plans: [], features: [] });
    const pro = await userWith('artist_pro', 'trialing');
    expect(await pro.client.payment.entitlements.query()).toEqual({
      plans: ['artist_pro'],
      features: ['deposits', 'payment_requests', 'storefront', 'calendar_sync', 'unlimited_portfolio'],
    });
  });
});
