import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { shops, studioActivationRequests, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { requireUser, type ServiceCtx, withTransaction } from '../../service-context';
import { createNotification } from '../notifications/create';
import { STUDIO_NOT_FOUND } from './access';
import type { decideActivationInput } from './inputs';
import { studioPath } from './rules';

// Studio activation: a new studio starts inactive (spec 1 §4 new-shop defaults, isActive false);
// its owner asks InkLink to review it, an AppAdmin approves (isActive true) or declines in the
// console, and the owner is told in the app. One open request per studio (a partial unique index).

export const ACTIVATION_MESSAGES = {
  ownerOnly: "Only the studio's owner can request activation",
  requestNotFound: 'Activation request not found',
  alreadyDecided: 'This activation request was already decided',
} as const;

export type ActivationState =
  | { status: 'active' }
  | { status: 'pending'; requestedAt: Date }
  | { status: 'declined'; decidedAt: Date }
  | { status: 'none' };

/** Where a studio stands: active, or its newest request (pending or declined), or nothing asked yet. */
export async function activationState(ctx: ServiceCtx, shop: { id: string; isActive: boolean }): Promise<ActivationState> {
  if (shop.isActive) return { status: 'active' };
  const [latest] = await ctx.db
    .select({
      status: studioActivationRequests.status,
      createdAt: studioActivationRequests.createdAt,
      decidedAt: studioActivationRequests.decidedAt,
    })
    .from(studioActivationRequests)
    .where(eq(studioActivationRequests.shopId, shop.id))
    .orderBy(desc(studioActivationRequests.createdAt), desc(studioActivationRequests.id))
    .limit(1);
  if (latest?.status === 'pending') return { status: 'pending', requestedAt: latest.createdAt };
  if (latest?.status === 'declined' && latest.decidedAt) return { status: 'declined', decidedAt: latest.decidedAt };
  return { status: 'none' };
}

/**
 * The owner asks for activation. Idempotent: while a request is open, asking again (or twice at
 * once) returns that request; the partial unique index lets only one pending row exist.
 */
export async function requestActivation({ ctx, input }: { ctx: ServiceCtx; input: { id: string } }): Promise<ActivationState> {
  const me = requireUser(ctx);
  const [shop] = await ctx.db
    .select({ id: shops.id, ownerId: shops.ownerId, isActive: shops.isActive })
    .from(shops)
    .where(and(eq(shops.id, input.id), eq(shops.deleted, false)))
    .limit(1);
  if (!shop) throw notFound(STUDIO_NOT_FOUND);
  if (shop.ownerId !== me.id) throw forbidden(ACTIVATION_MESSAGES.ownerOnly);
  if (shop.isActive) return { status: 'active' };
  await ctx.db
    .insert(studioActivationRequests)
    .values({ shopId: shop.id, requestedBy: me.id, createdAt: ctx.deps.clock.now() })
    .onConflictDoNothing();
  return activationState(ctx, shop);
}

/** The console's list: open requests, oldest first, for live studios that are not active yet. */
export async function pendingActivations({ ctx }: { ctx: ServiceCtx }) {
  return ctx.db
    .select({
      id: studioActivationRequests.id,
      requestedAt: studioActivationRequests.createdAt,
      studioId: shops.id,
      name: shops.name,
      urlSlug: shops.urlSlug,
      city: shops.city,
      state: shops.state,
      email: shops.email,
      dateAdded: shops.dateAdded,
      ownerDisplayName: users.displayName,
      ownerEmail: users.email,
    })
    .from(studioActivationRequests)
    .innerJoin(shops, eq(shops.id, studioActivationRequests.shopId))
    .innerJoin(users, eq(users.id, studioActivationRequests.requestedBy))
    .where(and(eq(studioActivationRequests.status, 'pending'), eq(shops.deleted, false), eq(shops.isActive, false)))
    .orderBy(asc(studioActivationRequests.createdAt), asc(studioActivationRequests.id))
    .limit(100);
}

/**
 * An admin approves (the studio becomes active) or declines a request, once: the guarded UPDATE
 * (status still pending) lets only the first of two decisions through; the studio's flag, the
 * owner's notification and the audit entry commit with it.
 */
export async function decideActivation({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof decideActivationInput> }) {
  const admin = requireUser(ctx);
  const approve = input.decision === 'approve';
  return withTransaction(ctx, async (tx) => {
    const now = tx.deps.clock.now();
    const [request] = await tx.db
      .update(studioActivationRequests)
      .set({ status: approve ? 'approved' : 'declined', decidedAt: now, decidedBy: admin.id })
      .where(and(eq(studioActivationRequests.id, input.requestId), eq(studioActivationRequests.status, 'pending')))
      .returning();
    if (!request) {
      const [exists] = await tx.db
        .select({ id: studioActivationRequests.id })
        .from(studioActivationRequests)
        .where(eq(studioActivationRequests.id, input.requestId));
      throw exists ? conflict(ACTIVATION_MESSAGES.alreadyDecided) : notFound(ACTIVATION_MESSAGES.requestNotFound);
    }
    const [shop] = await tx.db
      .update(shops)
      .set(approve ? { isActive: true, lastUpdated: now } : { lastUpdated: now })
      .where(eq(shops.id, request.shopId))
      .returning({ id: shops.id, name: shops.name, urlSlug: shops.urlSlug, isActive: shops.isActive });
    await createNotification(tx, {
      userId: request.requestedBy,
      type: 'general_alert',
      title: approve ? `${shop.name} is now active on InkLink` : `${shop.name} was not activated`,
      body: approve
        ? 'Your activation request was approved: visitors now see your studio as active.'
        : 'Your activation request was declined. Check your studio details and request activation again.',
      data: { shopId: shop.id, activationRequestId: request.id, link: studioPath(shop) },
    });
    await writeAudit(tx.db, {
      actorId: admin.id,
      action: approve ? 'studio.activation.approve' : 'studio.activation.decline',
      entityType: 'shop',
      entityId: shop.id,
      before: { isActive: false, activationRequest: 'pending' },
      after: { isActive: shop.isActive, activationRequest: request.status },
      at: now,
    });
    return { id: request.id, status: request.status, studioId: shop.id, isActive: shop.isActive };
  });
}
