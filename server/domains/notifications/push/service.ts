import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { pushDevices } from '../../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../../service-context';
import { AppError, invalid, notFound, unauthorized } from '../../../lib/errors';
import { UNKNOWN_PUSH_SERVICE } from '../../../providers/push/endpoints';
import { VAPID_NOT_CONFIGURED } from '../../../providers/push/vapid-keys';
import type { deviceEndpointInput, refreshDeviceInput, registerDeviceInput } from './inputs';

type DeviceInput = z.output<typeof registerDeviceInput>;

/** The key browsers subscribe with; spec 1 §8's message when there is none. */
export function vapidPublicKey({ ctx }: { ctx: ServiceCtx }) {
  try {
    return { publicKey: ctx.deps.push.publicKey() };
  } catch (error) {
    ctx.deps.logger.error({ err: error }, 'web push keys unavailable');
    throw new AppError('UNAVAILABLE', VAPID_NOT_CONFIGURED);
  }
}

/** The signed-in user and the session a device is tied to (its end deletes the device). */
function owner(ctx: ServiceCtx) {
  const me = requireUser(ctx);
  if (!ctx.sessionId) throw unauthorized();
  return { userId: me.id, sessionId: ctx.sessionId };
}

/** Only the known push services are sent to, so only their endpoints are stored (issue 18, SSRF). */
function requireKnownPushService(ctx: ServiceCtx, endpoint: string) {
  if (!ctx.deps.push.acceptsEndpoint(endpoint)) throw invalid(UNKNOWN_PUSH_SERVICE);
}

/**
 * Stores this browser's subscription for the signed-in user: one row per subscription endpoint.
 * An endpoint registered before (by this or another account on the same browser) now belongs
 * to the caller and to the current session.
 */
async function upsertDevice(ctx: ServiceCtx, input: DeviceInput) {
  const now = ctx.deps.clock.now();
  const values = {
    ...owner(ctx),
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    deviceType: input.deviceType,
    userAgent: input.userAgent || null,
    refreshedAt: now,
  };
  const [row] = await ctx.db
    .insert(pushDevices)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: pushDevices.endpoint, set: values })
    .returning({ id: pushDevices.id, refreshedAt: pushDevices.refreshedAt });
  return row;
}

export async function registerDevice({ ctx, input }: { ctx: ServiceCtx; input: DeviceInput }) {
  requireKnownPushService(ctx, input.endpoint);
  const row = await upsertDevice(ctx, input);
  return { registered: true as const, refreshedAt: row.refreshedAt };
}

/**
 * Spec 1 §4: a token that is still the same is refreshed in place; a subscription whose details
 * changed (other keys, or a new endpoint replacing `previousEndpoint`) is deleted and re-created.
 */
export async function refreshDevice({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof refreshDeviceInput> }) {
  const { userId, sessionId } = owner(ctx);
  requireKnownPushService(ctx, input.endpoint);
  return withTransaction(ctx, async (tx) => {
    if (input.previousEndpoint && input.previousEndpoint !== input.endpoint) {
      await tx.db.delete(pushDevices).where(and(eq(pushDevices.userId, userId), eq(pushDevices.endpoint, input.previousEndpoint)));
    }
    // The row lock makes a concurrent refresh of the same token wait for this one.
    const [existing] = await tx.db.select().from(pushDevices).where(eq(pushDevices.endpoint, input.endpoint)).for('update');
    const unchanged = existing && existing.userId === userId && existing.p256dh === input.keys.p256dh && existing.auth === input.keys.auth;
    if (unchanged) {
      const now = ctx.deps.clock.now();
      await tx.db
        .update(pushDevices)
        .set({ sessionId, deviceType: input.deviceType, userAgent: input.userAgent || null, refreshedAt: now })
        .where(eq(pushDevices.id, existing.id));
      return { action: 'refreshed' as const, refreshedAt: now };
    }
    if (existing) await tx.db.delete(pushDevices).where(eq(pushDevices.id, existing.id));
    const row = await upsertDevice(tx, input);
    return { action: existing || input.previousEndpoint ? ('recreated' as const) : ('created' as const), refreshedAt: row.refreshedAt };
  });
}

/** Removes one of the caller's devices (the browser stopped or lost its subscription). */
export async function unregisterDevice({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof deviceEndpointInput> }) {
  const me = requireUser(ctx);
  const removed = await ctx.db
    .delete(pushDevices)
    .where(and(eq(pushDevices.userId, me.id), eq(pushDevices.endpoint, input.endpoint)))
    .returning({ id: pushDevices.id });
  if (removed.length === 0) throw notFound('Push device not found');
  return { ok: true as const };
}

/** Whether the caller's record holds this token (spec 1 §4: a missing token is registered again). */
export async function deviceStatus({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof deviceEndpointInput> }) {
  const me = requireUser(ctx);
  const [row] = await ctx.db
    .select({ refreshedAt: pushDevices.refreshedAt })
    .from(pushDevices)
    .where(and(eq(pushDevices.userId, me.id), eq(pushDevices.endpoint, input.endpoint)));
  return { registered: Boolean(row), refreshedAt: row?.refreshedAt ?? null };
}
