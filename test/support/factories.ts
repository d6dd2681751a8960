import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/passwords';
import type { Db } from '../../server/db/client';
import { subscriptions, users, type UserType } from '../../server/db/schema';
import type { SubscriptionStatus } from '../../server/db/schema/payments';
import { PLANS, type PlanId } from '../../server/domains/payments/rules';
import type { TestClient } from './client';

export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

/**
 * The plan a factory user holds (decision 042): Studio by default, which has every feature (a
 * Studio subscriber's studios have the Studio ones), so tests of gated features need no setup;
 * 'free' for a user without a subscription (tests of the gates, of subscribing).
 */
export type FactoryPlan = PlanId | 'free';

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string; userTypes?: UserType[]; plan?: FactoryPlan };

/** Gives a user a live personal subscription to `plan`, as the provider's would be once started. */
export async function grantPlan(db: Db, userId: string, plan: PlanId, status: SubscriptionStatus = 'active') {
  const now = new Date();
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      planId: plan,
      planName: PLANS[plan].planName,
      price: PLANS[plan].priceCents,
      status,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 365 * 24 * 3600 * 1000),
    })
    .returning();
  return row;
}

/** Inserts a user directly (fast); sign in through the API with signIn(). */
export async function createUser(overrides: UserOverrides = {}, db: Db) {
  const suffix = unique();
  const { password, plan = 'studio', ...columns } = overrides;
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email: `user_${suffix}@example.com`,
      displayName: `@user_${suffix}`,
      firstName: 'Test',
      lastName: 'User',
      passwordHash: password ? await hashPassword(password) : await defaultHash,
      ...columns,
    })
    .returning();
  if (plan !== 'free') await grantPlan(db, user.id, plan);
  return { ...user, password: password ?? DEFAULT_PASSWORD };
}

export async function signIn(client: TestClient, user: { email: string; password: string }) {
  return client.auth.login.mutate({ email: user.email, password: user.password });
}

export function registerInput(overrides: Record<string, unknown> = {}) {
  const suffix = unique();
  return {
    email: `new_${suffix}@example.com`,
    password: DEFAULT_PASSWORD,
    displayName: `new_${suffix}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}
