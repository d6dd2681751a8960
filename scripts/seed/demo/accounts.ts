import { sql } from 'drizzle-orm';
import { hashPassword } from '../../../server/auth/passwords';
import { type UserType, users } from '../../../server/db/schema';
import { listSubscriptions, subscribe } from '../../../server/domains/payments/service/subscriptions';
import type { PlanId } from '../../../server/domains/payments/rules';
import type { DemoSeedContext } from './index';

/**
 * The plan each demo role starts a trial of (decision 042): the artist's deposits, requests and
 * storefront need Artist Pro, the owner's studio storefront, members and walk-ins need Studio; the
 * client stays free, so the upgrade prompts can be seen.
 */
const DEMO_PLANS: Partial<Record<keyof DemoSeedContext['users'], PlanId>> = { artist: 'artist_pro', owner: 'studio' };

const DEMO_ACCOUNTS: Array<{
  role: keyof DemoSeedContext['users'];
  label: string;
  email: string;
  password: string;
  displayName: string;
  firstName: string;
  lastName: string;
  userTypes: UserType[];
  city: string;
  state: string;
}> = [
  {
    role: 'client',
    label: 'Client (collector)',
    email: 'client@demo.inklink.test',
    password: 'demo-client-2026',
    displayName: '@maya.collects',
    firstName: 'Maya',
    lastName: 'Reyes',
    userTypes: ['client'],
    city: 'Portland',
    state: 'OR',
  },
  {
    role: 'artist',
    label: 'Artist',
    email: 'artist@demo.inklink.test',
    password: 'demo-artist-2026',
    displayName: '@jonah.ink',
    firstName: 'Jonah',
    lastName: 'Park',
    userTypes: ['client', 'artist', 'Artist'],
    city: 'Portland',
    state: 'OR',
  },
  {
    role: 'owner',
    label: 'Studio owner',
    email: 'owner@demo.inklink.test',
    password: 'demo-owner-2026',
    displayName: '@ironrose.studio',
    firstName: 'Rosa',
    lastName: 'Iverson',
    userTypes: ['client', 'studio', 'Owner'],
    city: 'Portland',
    state: 'OR',
  },
  {
    role: 'admin',
    label: 'AppAdmin',
    email: 'admin@demo.inklink.test',
    password: 'demo-admin-2026',
    displayName: '@inklink.admin',
    firstName: 'Alex',
    lastName: 'Admin',
    userTypes: ['client', 'AppAdmin'],
    city: 'Seattle',
    state: 'WA',
  },
];

export async function seedAccounts(ctx: DemoSeedContext): Promise<DemoSeedContext['users']> {
  const result = {} as DemoSeedContext['users'];
  for (const account of DEMO_ACCOUNTS) {
    const { role, label, password, ...profile } = account;
    const [existing] = await ctx.deps.db
      .select({ id: users.id, email: users.email, displayName: users.displayName })
      .from(users)
      .where(sql`lower(${users.email}) = ${profile.email}`);
    const row =
      existing ??
      (
        await ctx.deps.db
          .insert(users)
          .values({ ...profile, passwordHash: await hashPassword(password), bio: `Demo ${label.toLowerCase()} account.` })
          .returning({ id: users.id, email: users.email, displayName: users.displayName })
      )[0];
    result[role] = row;
    ctx.accounts.push({ role: label, email: profile.email, password });
    const plan = DEMO_PLANS[role];
    if (plan) await startDemoPlan(ctx, row.id, plan);
  }
  return result;
}

/** A trial of the plan through the real service and the payments provider, once. */
async function startDemoPlan(ctx: DemoSeedContext, userId: string, plan: PlanId) {
  const [user] = await ctx.deps.db.select().from(users).where(sql`${users.id} = ${userId}`);
  const as = { db: ctx.deps.db, deps: ctx.deps, user };
  if ((await listSubscriptions({ ctx: as })).length > 0) return;
  const started = await subscribe({ ctx: as, input: { priceId: plan, paymentMethodId: 'pm_card_visa', studioId: null } });
  ctx.log(`  ${user.displayName} on ${started.planName} (${started.status})`);
}
