import { and, eq, isNull } from 'drizzle-orm';
import {
  artists,
  artistWorkingHours,
  bookings,
  images,
  notifications,
  productPhotos,
  shopUsers,
  subscriptions,
} from '../../server/db/schema';
import { providerFields, subscriptionStartKey } from '../../server/domains/payments/service/subscriptions';
import type { TestClient } from '../support/client';
import { readyToReceive } from '../support/commerce-fixtures';
import { createUser, signIn } from '../support/factories';
import type { TestServer } from '../support/server';

// Every procedure that takes an id of someone's data, with how to build that data. The suite
// (procedures.test.ts) runs each entry twice on a fresh world: as a stranger, who must get
// FORBIDDEN or NOT_FOUND with nothing written, and as the rightful user, who must not be refused
// (so an entry that passes a wrong id cannot pass by accident).
//
// Adding a procedure without an entry here, or in one of the lists of policy.ts, fails the suite.

type User = Awaited<ReturnType<typeof createUser>>;
type Actor = { client: TestClient; user: User };

/** Three signed-in people; the owner owns a studio, where the third person is a member. */
export type World = {
  server: TestServer;
  owner: Actor;
  stranger: Actor;
  /** Someone the owner deals with: an invitee, a buyer, the other side of a thread. */
  third: Actor;
  studio: { id: string; urlSlug: string };
  /** The third person's membership in the owner's studio. */
  memberId: string;
};

export type OwnershipCase<T> = {
  /** Builds the record (may write; the stranger's call is measured after it). */
  setup(world: World): Promise<T>;
  /** The call; made as the stranger and as the rightful user. */
  call(client: TestClient, record: T, world: World): Promise<unknown>;
  /** Who may make the call (default: the owner). */
  rightful?(world: World, record: T): Actor;
  /**
   * For scoped lists, which answer instead of refusing: whether a result shows the record. The
   * stranger's result must not, the rightful user's must.
   */
  shows?(result: unknown, record: T): boolean;
};

/** Keeps each entry's record type tied to its call. */
const entry = <T>(c: OwnershipCase<T>): OwnershipCase<unknown> => c as OwnershipCase<unknown>;

async function actor(server: TestServer, overrides: Parameters<typeof createUser>[0] = {}): Promise<Actor> {
  const user = await createUser(overrides, server.deps.db);
  const client = server.client();
  await signIn(client, user);
  return { client, user };
}

export async function buildWorld(server: TestServer): Promise<World> {
  const [owner, stranger, third] = await Promise.all([
    actor(server, { userTypes: ['client', 'artist', 'studio'] }),
    actor(server, { userTypes: ['client', 'artist', 'studio'] }),
    actor(server, { userTypes: ['client', 'artist'] }),
  ]);
  const studio = await owner.client.studio.create.mutate({
    name: `Owned ${owner.user.id.slice(0, 8)}`,
    address: '1 Owner St',
    city: 'Portland',
    state: 'OR',
    zipCode: '97201',
    timezone: 'America/Los_Angeles',
    phone: '503-555-0102',
    email: 'owner@studio.test',
  });
  const [member] = await server.deps.db
    .insert(shopUsers)
    .values({ shopId: studio.id, userId: third.user.id })
    .returning({ id: shopUsers.id });
  return { server, owner, stranger, third, studio: { id: studio.id, urlSlug: studio.urlSlug ?? '' }, memberId: member.id };
}

/** A conversation between the owner and the third person, with one message. */
async function privateThread(w: World) {
  const { threadId } = await w.owner.client.thread.open.mutate({ userId: w.third.user.id });
  await w.owner.client.message.send.mutate({ threadId, body: 'private' });
  return threadId;
}

/** A photo the owner uploaded to send in a conversation (private). */
async function privatePhoto(w: World) {
  const key = `private/users/${w.owner.user.id}/photo.webp`;
  const [image] = await w.server.deps.db
    .insert(images)
    .values({
      url: `/files/${key}`,
      accountId: w.owner.user.id,
      accountType: 'user',
      imageType: 'reference',
      visibility: 'private',
      storageKey: key,
      uploadedBy: w.owner.user.id,
    })
    .returning({ id: images.id });
  return image.id;
}

async function ownStorefront(w: World) {
  return (await w.owner.client.storefront.create.mutate({ name: 'Owner store' })).id;
}

async function ownProduct(w: World) {
  const storefrontId = await ownStorefront(w);
  const product = await w.owner.client.product.create.mutate({
    storefrontId,
    name: 'Balm',
    price: 900,
    inventory: { trackInventory: true, quantity: 5 },
  });
  return { storefrontId, productId: product.id };
}

/** A photo of the owner's product (a kept URL: no upload needed to test who may change it). */
async function ownProductPhoto(w: World) {
  const { productId } = await ownProduct(w);
  const [photo] = await w.server.deps.db
    .insert(productPhotos)
    .values({ productId, position: 0, externalUrl: 'https://example.com/balm.jpg', altText: 'Balm' })
    .returning({ id: productPhotos.id });
  return { productId, photoId: photo.id };
}

/** The third person's pickup order of one unit in the owner's storefront, by card when `paymentMethodId` is given. */
async function placeOrderInOwnStore(w: World, paymentMethodId?: string) {
  const { storefrontId, productId } = await ownProduct(w);
  await w.owner.client.product.update.mutate({ productId, status: 'active' });
  return w.third.client.order.checkout.mutate({
    storefrontId,
    items: [{ productId, quantity: 1 }],
    fulfillmentMethod: 'pickup',
    ...(paymentMethodId && { paymentMethodId }),
  });
}

const orderInOwnStore = async (w: World) => (await placeOrderInOwnStore(w)).id;

/** The owner as a bookable artist at their studio (every day 00:00–23:30), and the third person's request to them. */
async function bookingRequest(w: World, quoted = false) {
  await w.server.deps.db
    .insert(artists)
    .values({ userId: w.owner.user.id, name: 'Owner Artist', displayName: w.owner.user.displayName, booksOpen: true })
    .onConflictDoNothing();
  const day = { open: true, start: '00:00', end: '23:30' };
  const hours = { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day };
  await w.server.deps.db.insert(artistWorkingHours).values({ artistId: w.owner.user.id, shopId: w.studio.id, hours }).onConflictDoNothing();
  const request = await w.third.client.booking.createRequest.mutate({
    artistId: w.owner.user.id,
    shopId: w.studio.id,
    idea: 'A rose',
    placement: 'arm',
    size: '5 cm',
  });
  if (quoted) await w.owner.client.booking.quote.mutate({ requestId: request.id, sessionCount: 1, sessionMinutes: 60, estimate: 10000 });
  return request.id;
}

/** A slot the third person may pick on a quoted request (tomorrow, in the studio's zone). */
async function pickableSlot(w: World) {
  const requestId = await bookingRequest(w, true);
  const from = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
    new Date(w.server.clock.now().getTime() + 86_400_000),
  );
  const { slots } = await w.third.client.booking.availability.query({ requestId, shopId: w.studio.id, from, days: 1 });
  return { requestId, startsAt: slots[0].startsAt };
}

/** A booking of the third person with the owner (as artist) at the owner's studio, written directly. */
async function bookingOf(w: World, values: Partial<typeof bookings.$inferInsert> = {}) {
  await bookingRequest(w);
  const startsAt = values.startsAt ?? new Date(w.server.clock.now().getTime() + 10 * 86_400_000);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  const [row] = await w.server.deps.db
    .insert(bookings)
    .values({
      artistId: w.owner.user.id,
      shopId: w.studio.id,
      clientId: w.third.user.id,
      title: 'Tattoo',
      startsAt,
      endsAt,
      blockedUntil: endsAt,
      timezone: 'America/Los_Angeles',
      status: 'confirmed',
      ...values,
    })
    .returning({ id: bookings.id });
  return row.id;
}

const consentForm = (bookingId: string) => ({
  bookingId,
  legalName: 'Third Person',
  dateOfBirth: '1990-01-01',
  answers: { allergies: false, pregnant: false, bloodThinners: false, conditions: false, substances: false },
  agree: true as const,
});

/** The owner's payout account is active: they can send payment requests (decision 043). */
const ownerCanReceive = (w: World) => readyToReceive(w.owner.client);

/** The owner asks the third person for $25 in their conversation; the owner can receive, the third has a card. */
async function paymentRequestOf(w: World) {
  await ownerCanReceive(w);
  await w.third.client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_visa' });
  const threadId = await privateThread(w);
  return w.owner.client.paymentRequest.create.mutate({ payeeId: w.third.user.id, amount: 2500, description: 'Deposit', threadId });
}

/** A payment request the third person has paid (the owner sent it, so the owner may refund it). */
async function paidRequestOf(w: World) {
  const request = await paymentRequestOf(w);
  await w.third.client.paymentRequest.process.mutate({ paymentRequestId: request.id, paymentMethodId: 'pm_card_visa' });
  return request;
}

/** A payment whose card asked for 3-D Secure, answered by the payer's challenge: what its browser completes next. */
async function approvedChallenge(w: World, action: { paymentIntentId: string; clientSecret: string } | null) {
  if (!action) throw new Error('expected the 3-D Secure card to ask for an action');
  await w.third.client.payment.answerLocalChallenge.mutate({ ...action, approve: true });
  return action.paymentIntentId;
}

/** The owner's own subscription, bought through the provider (the factory's plan is set aside first: one live plan each). */
async function ownSubscription(w: World) {
  await w.server.deps.db
    .update(subscriptions)
    .set({ deleted: true })
    .where(and(eq(subscriptions.userId, w.owner.user.id), isNull(subscriptions.stripeSubscriptionId)));
  return (await w.owner.client.payment.subscribe.mutate({ priceId: 'artist_pro', paymentMethodId: 'pm_card_visa' })).id;
}

/**
 * The owner's subscription start whose first payment waited for 3-D Secure, approved (decision 040).
 * Plans carry a trial here, so the start is made as subscribe makes one without: a claim, the
 * provider's subscription charged at once under the claim's key, the claim filled.
 */
async function waitingSubscriptionStart(w: World) {
  const db = w.server.deps.db;
  await db.update(subscriptions).set({ deleted: true }).where(eq(subscriptions.userId, w.owner.user.id));
  const [claim] = await db
    .insert(subscriptions)
    .values({
      userId: w.owner.user.id,
      planId: 'artist_pro',
      planName: 'Artist Pro',
      price: 500,
      status: 'incomplete',
      createdAt: w.server.clock.now(),
    })
    .returning();
  const started = await w.server.deps.payments.createSubscription({
    customerId: `cus_local_${w.owner.user.id.replaceAll('-', '')}`,
    plan: { planId: 'artist_pro', planName: 'Artist Pro', priceCents: 500, currency: 'usd' },
    paymentMethodId: 'pm_card_threeDSecure2Required',
    trialDays: 0,
    idempotencyKey: subscriptionStartKey(claim.id),
  });
  if (!started.action) throw new Error('expected the 3-D Secure card to ask for an action');
  await db.update(subscriptions).set(providerFields(started)).where(eq(subscriptions.id, claim.id));
  await w.owner.client.payment.answerLocalChallenge.mutate({ ...started.action, approve: true });
  return claim.id;
}

export const OWNERSHIP: Record<string, OwnershipCase<unknown>> = {
  'auth.revokeSession': entry({
    // A second session of the owner (another device), so revoking it leaves the owner signed in.
    setup: async (w) => {
      const device = w.server.client();
      await signIn(device, w.owner.user);
      const list = await w.owner.client.auth.sessions.query();
      const other = list.find((s) => !s.current);
      if (!other) throw new Error('the owner should have a second session');
      return other.id;
    },
    call: (c, sessionId) => c.auth.revokeSession.mutate({ sessionId }),
  }),

  'studio.update': entry({
    setup: async () => null,
    call: (c, _, w) => c.studio.update.mutate({ id: w.studio.id, name: 'Renamed Studio' }),
  }),
  'studio.members': entry({ setup: async () => null, call: (c, _, w) => c.studio.members.query({ id: w.studio.id }) }),
  'studio.addMember': entry({
    setup: async () => null,
    call: (c, _, w) => c.studio.addMember.mutate({ studioId: w.studio.id, invitee: `invitee_${w.third.user.id.slice(0, 6)}@example.com` }),
  }),
  'studio.updateMember': entry({
    setup: async (w) => w.memberId,
    call: (c, memberId) => c.studio.updateMember.mutate({ memberId, permissions: { calendar: true, manage: true } }),
  }),
  'studio.removeMember': entry({ setup: async (w) => w.memberId, call: (c, memberId) => c.studio.removeMember.mutate({ memberId }) }),
  'studio.invitation': entry({
    setup: async (w) => (await w.owner.client.studio.addMember.mutate({ studioId: w.studio.id, invitee: w.third.user.email })).code,
    call: (c, code) => c.studio.invitation.query({ code }),
    rightful: (w) => w.third,
  }),
  'studio.invitationById': entry({
    setup: async (w) => (await w.owner.client.studio.addMember.mutate({ studioId: w.studio.id, invitee: w.third.user.email })).id,
    call: (c, invitationId) => c.studio.invitationById.query({ invitationId }),
    rightful: (w) => w.third,
  }),
  // Only the owner asks for their studio's activation (an admin decides it).
  'studio.requestActivation': entry({ setup: async () => null, call: (c, _, w) => c.studio.requestActivation.mutate({ id: w.studio.id }) }),
  'studio.respondToInvitation': entry({
    setup: async (w) => (await w.owner.client.studio.addMember.mutate({ studioId: w.studio.id, invitee: w.third.user.email })).code,
    call: (c, code) => c.studio.respondToInvitation.mutate({ code, accept: false }),
    rightful: (w) => w.third,
  }),

  // A storefront of the owner (a user storefront; studio storefronts: test/integration/commerce-authorization.test.ts).
  'storefront.create': entry({
    setup: async () => null,
    call: (c, _, w) => c.storefront.create.mutate({ ownerType: 'shop', ownerId: w.studio.id, name: 'Studio store' }),
  }),
  'storefront.updateSettings': entry({
    setup: (w) => ownStorefront(w),
    call: (c, storefrontId) => c.storefront.updateSettings.mutate({ storefrontId, settings: { taxRate: 5 } }),
  }),
  'storefront.toggleActive': entry({
    setup: (w) => ownStorefront(w),
    call: (c, storefrontId) => c.storefront.toggleActive.mutate({ storefrontId }),
  }),
  'storefront.delete': entry({ setup: (w) => ownStorefront(w), call: (c, storefrontId) => c.storefront.delete.mutate({ storefrontId }) }),
  'storefront.analytics': entry({
    setup: (w) => ownStorefront(w),
    call: (c, storefrontId) => c.storefront.analytics.query({ storefrontId }),
  }),
  'connect.storefrontPayouts': entry({
    setup: (w) => ownStorefront(w),
    call: (c, storefrontId) => c.connect.storefrontPayouts.query({ storefrontId }),
  }),
  'product.create': entry({
    setup: (w) => ownStorefront(w),
    call: (c, storefrontId) => c.product.create.mutate({ storefrontId, name: 'Balm', price: 900 }),
  }),
  'product.forStorefront': entry({
    setup: (w) => ownStorefront(w),
    call: (c, storefrontId) => c.product.forStorefront.query({ storefrontId }),
  }),
  'product.update': entry({
    setup: (w) => ownProduct(w),
    call: (c, p) => c.product.update.mutate({ productId: p.productId, price: 1200 }),
  }),
  'product.delete': entry({ setup: (w) => ownProduct(w), call: (c, p) => c.product.delete.mutate({ productId: p.productId }) }),
  'product.updateInventory': entry({
    setup: (w) => ownProduct(w),
    call: (c, p) => c.product.updateInventory.mutate({ storefrontId: p.storefrontId, items: [{ productId: p.productId, quantity: 3 }] }),
  }),
  // A product's photos: its storefront's managers only (uploads: test/integration/product-photos.test.ts).
  'product.reorderPhotos': entry({
    setup: (w) => ownProductPhoto(w),
    call: (c, p) => c.product.reorderPhotos.mutate({ productId: p.productId, photoIds: [p.photoId] }),
  }),
  'product.deletePhoto': entry({ setup: (w) => ownProductPhoto(w), call: (c, p) => c.product.deletePhoto.mutate({ photoId: p.photoId }) }),
  'product.updatePhotoAlt': entry({
    setup: (w) => ownProductPhoto(w),
    call: (c, p) => c.product.updatePhotoAlt.mutate({ photoId: p.photoId, altText: 'Tin of balm' }),
  }),

  // An order the third person placed in the owner's storefront: the customer and the sellers only.
  'order.byId': entry({ setup: (w) => orderInOwnStore(w), call: (c, orderId) => c.order.byId.query({ orderId }) }),
  'order.cancel': entry({
    setup: (w) => orderInOwnStore(w),
    call: (c, orderId) => c.order.cancel.mutate({ orderId, reason: 'Out of stock' }),
  }),
  'order.completePayment': entry({
    setup: async (w) => {
      await ownerCanReceive(w); // a card checkout needs the seller's payout account (decision 038)
      const order = await placeOrderInOwnStore(w, 'pm_card_threeDSecure2Required');
      return { orderId: order.id, paymentIntentId: await approvedChallenge(w, order.nextAction) };
    },
    call: (c, o) => c.order.completePayment.mutate(o),
    rightful: (w) => w.third,
  }),
  'order.updateStatus': entry({
    setup: (w) => orderInOwnStore(w),
    call: (c, orderId) => c.order.updateStatus.mutate({ orderId, status: 'confirmed' }),
  }),
  'order.setTracking': entry({
    setup: async (w) => {
      const orderId = await orderInOwnStore(w);
      await w.owner.client.order.updateStatus.mutate({ orderId, status: 'confirmed' });
      return orderId;
    },
    call: (c, orderId) => c.order.setTracking.mutate({ orderId, trackingNumber: '1Z999' }),
  }),
  'order.markDelivered': entry({
    setup: async (w) => {
      const orderId = await orderInOwnStore(w);
      await w.owner.client.order.updateStatus.mutate({ orderId, status: 'confirmed' });
      await w.owner.client.order.setTracking.mutate({ orderId, trackingNumber: '1Z999' });
      return orderId;
    },
    call: (c, orderId) => c.order.markDelivered.mutate({ orderId }),
  }),
  'order.forStorefront': entry({
    setup: (w) => ownStorefront(w),
    call: (c, storefrontId) => c.order.forStorefront.query({ storefrontId }),
  }),
  'order.stats': entry({ setup: (w) => ownStorefront(w), call: (c, storefrontId) => c.order.stats.query({ storefrontId }) }),

  // An account's images: anyone sees its public ones, only its owner the private photos it sent.
  'image.list': entry({
    setup: (w) => privatePhoto(w),
    call: (c, _, w) => c.image.list.query({ accountId: w.owner.user.id }),
    shows: (result, imageId) => (result as { items: Array<{ id: string }> }).items.some((i) => i.id === imageId),
  }),
  'image.counts': entry({
    setup: (w) => privatePhoto(w),
    call: (c, _, w) => c.image.counts.query({ accountId: w.owner.user.id, imageTypes: ['reference'] }),
    shows: (result) => (result as { reference: number }).reference === 1,
  }),
  'image.delete': entry({
    setup: async (w) => {
      const [image] = await w.server.deps.db
        .insert(images)
        .values({
          url: `/files/shops/${w.studio.id}/owned.webp`,
          accountId: w.studio.id,
          accountType: 'shop',
          imageType: 'portfolio',
          storageKey: `shops/${w.studio.id}/owned.webp`,
        })
        .returning();
      return image.url;
    },
    call: (c, url) => c.image.delete.mutate({ url }),
  }),

  'thread.list': entry({
    // A studio inbox: listing it by the studio's id shows its threads to its managers only.
    setup: async (w) => {
      const { threadId } = await w.third.client.thread.open.mutate({ shopId: w.studio.id });
      await w.third.client.message.send.mutate({ threadId, body: 'Do you have an opening?' });
      return threadId;
    },
    call: (c, _, w) => c.thread.list.query({ shopIds: [w.studio.id] }),
    shows: (result, threadId) => (result as { items: Array<{ id: string }> }).items.some((t) => t.id === threadId),
  }),
  'thread.byId': entry({ setup: (w) => privateThread(w), call: (c, threadId) => c.thread.byId.query({ threadId }) }),
  'thread.markRead': entry({
    setup: (w) => privateThread(w),
    call: (c, threadId) => c.thread.markRead.mutate({ threadId }),
    rightful: (w) => w.third,
  }),
  'message.list': entry({ setup: (w) => privateThread(w), call: (c, threadId) => c.message.list.query({ threadId }) }),
  'message.send': entry({ setup: (w) => privateThread(w), call: (c, threadId) => c.message.send.mutate({ threadId, body: 'hello' }) }),

  'notification.markSeen': entry({
    setup: async (w) => {
      const [note] = await w.server.deps.db
        .insert(notifications)
        .values({ userId: w.owner.user.id, type: 'general_alert', title: 'Yours', body: 'Not theirs', channels: ['in_app'] })
        .returning({ id: notifications.id });
      return note.id;
    },
    call: (c, id) => c.notification.markSeen.mutate({ id }),
  }),
  'push.unregister': entry({
    setup: async (w) => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/owner-${w.owner.user.id}`;
      const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
      await w.owner.client.push.register.mutate({ endpoint, keys, deviceType: 'desktop', userAgent: 'security-suite' });
      return endpoint;
    },
    call: (c, endpoint) => c.push.unregister.mutate({ endpoint }),
  }),
  'booking.setWorkingHours': entry({
    setup: (w) => bookingRequest(w),
    call: (c, _, w) => c.booking.setWorkingHours.mutate({ shopId: w.studio.id, hours: null }),
  }),
  'booking.removeTimeOff': entry({
    setup: async (w) => {
      await bookingRequest(w);
      const settings = await w.owner.client.booking.addTimeOff.mutate({
        startsAt: new Date('2040-01-01T00:00:00Z'),
        endsAt: new Date('2040-01-02T00:00:00Z'),
      });
      return settings.timeOff[0].id;
    },
    call: (c, id) => c.booking.removeTimeOff.mutate({ id }),
  }),
  'booking.saveService': entry({
    setup: async (w) => {
      await bookingRequest(w);
      return (await w.owner.client.booking.saveService.mutate({ kind: 'consultation', name: 'Consultation', durationMinutes: 30 })).id;
    },
    call: (c, id) => c.booking.saveService.mutate({ id, kind: 'consultation', name: 'Renamed', durationMinutes: 30 }),
  }),
  'booking.request': entry({ setup: (w) => bookingRequest(w), call: (c, requestId) => c.booking.request.query({ requestId }) }),
  'booking.ask': entry({
    setup: (w) => bookingRequest(w),
    call: (c, requestId) => c.booking.ask.mutate({ requestId, question: 'Colour?' }),
  }),
  'booking.answer': entry({
    setup: async (w) => {
      const requestId = await bookingRequest(w);
      await w.owner.client.booking.ask.mutate({ requestId, question: 'Colour?' });
      return requestId;
    },
    call: (c, requestId) => c.booking.answer.mutate({ requestId, answer: 'Black' }),
    rightful: (w) => w.third,
  }),
  'booking.quote': entry({
    setup: (w) => bookingRequest(w),
    call: (c, requestId) => c.booking.quote.mutate({ requestId, sessionCount: 1, sessionMinutes: 60, estimate: 10000 }),
  }),
  'booking.decline': entry({
    setup: (w) => bookingRequest(w),
    call: (c, requestId) => c.booking.decline.mutate({ requestId, reason: 'Booked up' }),
  }),
  'booking.cancelRequest': entry({
    setup: (w) => bookingRequest(w),
    call: (c, requestId) => c.booking.cancelRequest.mutate({ requestId }),
    rightful: (w) => w.third,
  }),
  'booking.availability': entry({
    setup: (w) => bookingRequest(w, true),
    call: (c, requestId, w) => c.booking.availability.query({ requestId, shopId: w.studio.id, from: '2040-01-02', days: 1 }),
  }),
  'booking.pickSlot': entry({
    setup: (w) => pickableSlot(w),
    call: (c, slot, w) => c.booking.pickSlot.mutate({ ...slot, shopId: w.studio.id }),
    rightful: (w) => w.third,
  }),
  'booking.payDeposit': entry({
    setup: (w) =>
      bookingOf(w, {
        status: 'held',
        deposit: 5000,
        depositStatus: 'due',
        holdExpiresAt: new Date(w.server.clock.now().getTime() + 15 * 60_000),
      }),
    call: (c, bookingId) => c.booking.payDeposit.mutate({ bookingId, paymentMethodId: 'pm_card_visa' }),
    rightful: (w) => w.third,
  }),
  'booking.byId': entry({ setup: (w) => bookingOf(w), call: (c, bookingId) => c.booking.byId.query({ bookingId }) }),
  'booking.approve': entry({
    setup: (w) => bookingOf(w, { status: 'held' }),
    call: (c, bookingId) => c.booking.approve.mutate({ bookingId }),
  }),
  'booking.cancel': entry({ setup: (w) => bookingOf(w), call: (c, bookingId) => c.booking.cancel.mutate({ bookingId }) }),
  'booking.complete': entry({
    setup: (w) => bookingOf(w, { startsAt: new Date(w.server.clock.now().getTime() - 3_600_000) }),
    call: (c, bookingId) => c.booking.complete.mutate({ bookingId }),
  }),
  'booking.reschedule': entry({
    // The artist moves the session by a day (the owner's hours are every day).
    setup: async (w) => bookingOf(w, { startsAt: new Date(Date.UTC(2040, 0, 2, 18, 0)) }),
    call: (c, bookingId) => c.booking.reschedule.mutate({ bookingId, startsAt: new Date(Date.UTC(2040, 0, 3, 18, 0)) }),
  }),
  'booking.confirmId': entry({ setup: (w) => bookingOf(w), call: (c, bookingId) => c.booking.confirmId.mutate({ bookingId }) }),
  'booking.signConsent': entry({
    setup: (w) => bookingOf(w),
    call: (c, bookingId) => c.booking.signConsent.mutate(consentForm(bookingId)),
    rightful: (w) => w.third,
  }),
  'booking.addWalkIn': entry({
    setup: (w) => bookingRequest(w),
    call: (c, _, w) =>
      c.booking.addWalkIn.mutate({
        shopId: w.studio.id,
        artistId: w.owner.user.id,
        clientName: 'Walk-in',
        title: 'Flash',
        startsAt: new Date(Date.UTC(2040, 0, 5, 18, 0)),
        durationMinutes: 60,
      }),
  }),
  'calendar.events': entry({
    setup: (w) => bookingOf(w),
    call: (c, _, w) =>
      c.calendar.events.query({
        from: w.server.clock.now(),
        to: new Date(w.server.clock.now().getTime() + 30 * 86_400_000),
        shopId: w.studio.id,
      }),
  }),
  // Payments: a studio's plan is bought by its managers; subscriptions, cards, payout accounts and
  // payment requests belong to their people.
  'payment.subscribe': entry({
    setup: async () => null,
    call: (c, _, w) => c.payment.subscribe.mutate({ priceId: 'studio', paymentMethodId: 'pm_card_visa', studioId: w.studio.id }),
  }),
  'payment.completeSubscription': entry({
    setup: waitingSubscriptionStart,
    call: (c, subscriptionId) => c.payment.completeSubscription.mutate({ subscriptionId }),
  }),
  'payment.cancelSubscription': entry({
    setup: ownSubscription,
    call: (c, subscriptionId) => c.payment.cancelSubscription.mutate({ subscriptionId, cancelAtPeriodEnd: true }),
  }),
  'payment.changePlan': entry({
    setup: ownSubscription,
    call: (c, subscriptionId) => c.payment.changePlan.mutate({ subscriptionId, priceId: 'studio' }),
  }),
  'payment.setDefaultMethod': entry({
    setup: async (w) => w.owner.client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_mastercard' }),
    call: (c) => c.payment.setDefaultMethod.mutate({ paymentMethodId: 'pm_card_mastercard' }),
  }),
  'payment.deleteMethod': entry({
    setup: async (w) => w.owner.client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_mastercard' }),
    call: (c) => c.payment.deleteMethod.mutate({ paymentMethodId: 'pm_card_mastercard' }),
  }),
  'connect.completeLocalOnboarding': entry({
    setup: async (w) => (await w.owner.client.connect.createAccount.mutate()).accountId ?? '',
    call: (c, accountId) => c.connect.completeLocalOnboarding.mutate({ accountId }),
  }),
  'paymentRequest.create': entry({
    setup: async (w) => {
      await ownerCanReceive(w);
      return privateThread(w);
    },
    call: (c, threadId, w) => c.paymentRequest.create.mutate({ payeeId: w.third.user.id, amount: 2500, description: 'Deposit', threadId }),
  }),
  'paymentRequest.byId': entry({ setup: paymentRequestOf, call: (c, r) => c.paymentRequest.byId.query({ paymentRequestId: r.id }) }),
  'paymentRequest.list': entry({
    setup: paymentRequestOf,
    call: (c, r) => c.paymentRequest.list.query({ threadId: r.threadId }),
    shows: (result, r) => (result as { items: Array<{ id: string }> }).items.some((item) => item.id === r.id),
  }),
  'paymentRequest.process': entry({
    setup: paymentRequestOf,
    call: (c, r) => c.paymentRequest.process.mutate({ paymentRequestId: r.id, paymentMethodId: 'pm_card_visa' }),
    rightful: (w) => w.third,
  }),
  'paymentRequest.completeAction': entry({
    setup: async (w) => {
      const request = await paymentRequestOf(w);
      await w.third.client.payment.addMethod.mutate({ paymentMethodId: 'pm_card_threeDSecure2Required' });
      const paying = await w.third.client.paymentRequest.process.mutate({
        paymentRequestId: request.id,
        paymentMethodId: 'pm_card_threeDSecure2Required',
      });
      return { id: request.id, paymentIntentId: await approvedChallenge(w, paying.nextAction) };
    },
    call: (c, r) => c.paymentRequest.completeAction.mutate({ paymentRequestId: r.id, paymentIntentId: r.paymentIntentId }),
    rightful: (w) => w.third,
  }),
  'paymentRequest.decline': entry({
    setup: paymentRequestOf,
    call: (c, r) => c.paymentRequest.decline.mutate({ paymentRequestId: r.id, reason: 'No' }),
    rightful: (w) => w.third,
  }),
  'paymentRequest.cancel': entry({ setup: paymentRequestOf, call: (c, r) => c.paymentRequest.cancel.mutate({ paymentRequestId: r.id }) }),
  'paymentRequest.refund': entry({
    setup: paidRequestOf,
    call: (c, r) =>
      c.paymentRequest.refund.mutate({ paymentRequestId: r.id, refundId: crypto.randomUUID(), amount: 500, reason: 'Session shortened' }),
  }),
  'paymentRequest.refunds': entry({ setup: paidRequestOf, call: (c, r) => c.paymentRequest.refunds.query({ paymentRequestId: r.id }) }),
};
