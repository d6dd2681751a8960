import { and, eq, or, sql } from 'drizzle-orm';
import { shops, shopUsers } from '../../db/schema';
import { type ServiceCtx, requireUser } from '../../service-context';
import { entitlementsOf } from '../plans/entitlements';
import { activeMembershipAt } from './access';

/** How many studios one person's answer covers (owners and members of more are not expected). */
const STUDIOS_LIMIT = 50;

/**
 * studio.myEntitlements (decision 042): the Studio features of each studio the caller owns or is
 * a current member of, so its pages offer walk-ins, invitations or the shared calendar, or show
 * the upgrade prompt before anyone tries. Only the caller's own studios: no id is taken.
 */
export async function myStudioEntitlements({ ctx }: { ctx: ServiceCtx }) {
  const me = requireUser(ctx);
  const now = ctx.deps.clock.now();
  const rows = await ctx.db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(
        eq(shops.deleted, false),
        or(
          eq(shops.ownerId, me.id),
          sql`exists (select 1 from ${shopUsers} where ${shopUsers.shopId} = ${shops.id} and ${shopUsers.userId} = ${me.id}
                and ${activeMembershipAt(now)})`,
        ),
      ),
    )
    .orderBy(shops.id)
    .limit(STUDIOS_LIMIT);
  return Promise.all(
    rows.map(async (row) => ({ studioId: row.id, features: (await entitlementsOf(ctx.db, { studioId: row.id })).features })),
  );
}
