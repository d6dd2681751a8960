import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shops, subscriptions } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { upgradeRequired } from '../../lib/errors';
import { entitlementsFrom, type Feature, PLAN_FEATURES, type PlanId, upgradeMessage } from './rules';

/**
 * Who holds the features (decision 042): a person, through their own subscriptions, or a studio,
 * through a subscription made for it or its owner's personal Studio plan.
 */
export type Holder = { userId: string } | { studioId: string };

export type Entitlements = { plans: PlanId[]; features: Feature[] };

/** A holder's subscriptions that are not removed; entitlementsFrom decides which statuses count. */
async function subscriptionsOf(db: Db, holder: Holder) {
  const whose =
    'userId' in holder
      ? and(eq(subscriptions.userId, holder.userId), isNull(subscriptions.studioId))
      : or(
          eq(subscriptions.studioId, holder.studioId),
          and(
            isNull(subscriptions.studioId),
            eq(subscriptions.planId, 'studio'),
            sql`${subscriptions.userId} = (select ${shops.ownerId} from ${shops} where ${shops.id} = ${holder.studioId})`,
          ),
        );
  return db
    .select({ planId: subscriptions.planId, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.deleted, false), whose));
}

/**
 * A person's or a studio's entitlements from the subscriptions table: trialing, active and
 * past_due count, canceled and incomplete do not. A studio has only the Studio features (its
 * members' personal plans stay theirs); a person has their plans' Artist Pro features.
 */
export async function entitlementsOf(db: Db, holder: Holder): Promise<Entitlements> {
  return entitlementsFrom(await subscriptionsOf(db, holder), 'userId' in holder ? 'person' : 'studio');
}

export async function hasFeature(db: Db, holder: Holder, feature: Feature): Promise<boolean> {
  return (await entitlementsOf(db, holder)).features.includes(feature);
}

/** The server-side gate of a creation: FORBIDDEN with `upgrade` (the plan's id) when the holder lacks the feature. */
export async function requireFeature(ctx: Pick<ServiceCtx, 'db'>, holder: Holder, feature: Feature): Promise<void> {
  if (!(await hasFeature(ctx.db, holder, feature))) throw upgradeRequired(PLAN_FEATURES[feature].plan, upgradeMessage(feature));
}

/**
 * Deposits on an artist's bookings: the artist's own plan, or the Studio plan of one of the
 * studios given (the request's studio, or for the settings any studio the artist works at).
 */
export async function depositsAllowed(db: Db, artistId: string, shopIds: readonly string[]): Promise<boolean> {
  if (await hasFeature(db, { userId: artistId }, 'deposits')) return true;
  for (const studioId of shopIds) if (await hasFeature(db, { studioId }, 'studio_deposits')) return true;
  return false;
}
