import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { type ServiceCtx, requireUser } from '../../service-context';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import type { UpdateProfileInput, displayNameAvailableInput, updateProfileInput } from './inputs';
import { toMe, toPublicUser } from './views';
import type { z } from 'zod';
import { DISPLAY_NAME_PATTERN } from './inputs';

export const DISPLAY_NAME_TAKEN = 'Display name is already taken';

/** Display names carry a leading @ and are unique case-insensitively. */
export const withAt = (name: string) => (name.startsWith('@') ? name : `@${name}`);

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return user;
}

export async function isDisplayNameTaken(db: Db, displayName: string, exceptUserId?: string) {
  const sameName = sql`lower(${users.displayName}) = ${withAt(displayName).toLowerCase()}`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(sameName, ne(users.id, exceptUserId)) : sameName)
    .limit(1);
  return Boolean(row);
}

export async function getUserById({ ctx, input }: { ctx: ServiceCtx; input: { id: string } }) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, input.id)).limit(1);
  if (!user || user.deleted) throw notFound('User not found');
  return toPublicUser(user);
}

export async function checkDisplayNameAvailable({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof displayNameAvailableInput> }) {
  const displayName = withAt(input.displayName.trim());
  if (!DISPLAY_NAME_PATTERN.test(displayName)) return { available: false, displayName };
  return { available: !(await isDisplayNameTaken(ctx.db, displayName, ctx.user?.id)), displayName };
}

export async function updateProfile({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateProfileInput> }) {
  const me = requireUser(ctx);
  const changes: Partial<typeof users.$inferInsert> = { ...input, lastUpdated: ctx.deps.clock.now() };
  if (input.socials) changes.socials = { ...me.socials, ...input.socials };
  if (input.displayName && (await isDisplayNameTaken(ctx.db, input.displayName, me.id))) throw conflict(DISPLAY_NAME_TAKEN);
  try {
    const [updated] = await ctx.db.update(users).set(changes).where(eq(users.id, me.id)).returning();
    return toMe(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DISPLAY_NAME_TAKEN);
    throw error;
  }
}

export type { UpdateProfileInput };
