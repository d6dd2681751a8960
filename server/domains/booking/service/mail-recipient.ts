import { and, eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { ServiceCtx } from '../../../service-context';

/**
 * Where a booking e-mail goes and how it greets the person: by first name when they gave one,
 * else by their handle (display name). Null for a deleted or unknown user.
 */
export async function mailRecipient(ctx: ServiceCtx, userId: string) {
  const [user] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deleted, false)));
  if (!user) return null;
  return { email: user.email, greeting: `Hi ${user.firstName.trim() || user.displayName},` };
}
