import type { z } from 'zod';
import { bookings } from '../../../db/schema';
import { requireUser, type ServiceCtx, withTransaction } from '../../../service-context';
import { conflict, forbidden, invalid, isExclusionViolation } from '../../../lib/errors';
import { MINUTE } from '../../../lib/time';
import { isStaffOf } from '../access';
import { BOOKING_MESSAGES, type walkInInput } from '../inputs';
import { artistAtStudio, busyIntervals } from './availability';
import { releaseExpiredHolds } from './pick-slot';
import { worksAt } from './requests';
import { requireFeature } from '../../plans/entitlements';
import { settingsOf } from './settings';

/** Studio staff add a walk-in to one of the studio's artists: confirmed at once, no deposit. */
export async function addWalkIn({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof walkInInput> }) {
  const me = requireUser(ctx);
  const now = ctx.deps.clock.now();
  if (!(await isStaffOf(ctx.db, me.id, input.shopId, now))) throw forbidden(BOOKING_MESSAGES.notStaff);
  await requireFeature(ctx, { studioId: input.shopId }, 'walk_ins');
  if (!(await worksAt(ctx, input.artistId, input.shopId))) throw invalid(BOOKING_MESSAGES.noStudio);
  const { shop } = await artistAtStudio(ctx, input.artistId, input.shopId);
  const settings = await settingsOf(ctx, input.artistId);
  const endsAt = new Date(input.startsAt.getTime() + input.durationMinutes * MINUTE);
  const blockedUntil = new Date(endsAt.getTime() + settings.bufferMinutes * MINUTE);
  const timeOff = await busyIntervals(ctx, input.artistId, { start: input.startsAt, end: blockedUntil });
  if (timeOff.length) throw conflict(BOOKING_MESSAGES.slotTaken);
  try {
    return await withTransaction(ctx, async (tx) => {
      await releaseExpiredHolds(tx, input.artistId);
      const [booking] = await tx.db
        .insert(bookings)
        .values({
          artistId: input.artistId,
          shopId: shop.id,
          clientName: input.clientName,
          title: input.title,
          startsAt: input.startsAt,
          endsAt,
          blockedUntil,
          timezone: shop.timezone,
          status: 'confirmed',
          approvedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return booking;
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict(BOOKING_MESSAGES.slotTaken);
    throw error;
  }
}
