import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/passwords';
import type { Db } from '../../server/db/client';
import { users, type UserType } from '../../server/db/schema';
import type { TestClient } from './client';

export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string; userTypes?: UserType[] };

/** Inserts a user directly (fast); sign in through the API with signIn(). */
export async function createUser(overrides: UserOverrides = {}, db: Db) {
  const suffix = unique();
  const { password, ...columns } = overrides;
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
