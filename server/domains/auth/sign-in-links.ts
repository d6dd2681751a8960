import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken } from '../../auth/tokens';
import { signInLinks } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { randomToken } from '../../lib/ids';
import { MINUTE } from '../../lib/time';

// E-mailed one-time sign-in links: after registering, and to unlock an account whose password
// sign-in is throttled. Like password reset tokens: only the hash is stored, the first use
// claims the row, and it expires soon.

export const SIGN_IN_LINK_TTL_MS = 15 * MINUTE;

/**
 * Stores a new link for the user (in the caller's transaction) and returns its URL; `redirect` (a
 * same-origin path, checked by the input) is the page it continues on (decision 034).
 */
export async function createSignInLink(ctx: ServiceCtx, userId: string, now: Date, redirect?: string): Promise<string> {
  const token = randomToken(32);
  await ctx.db.insert(signInLinks).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS), createdAt: now });
  return `${ctx.deps.config.appOrigin}/login?link=${token}${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`;
}

/** Single use: the one UPDATE that finds the link unused and unexpired claims it. */
export async function claimSignInLink(ctx: ServiceCtx, token: string, now: Date): Promise<string | null> {
  const [claimed] = await ctx.db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(and(eq(signInLinks.tokenHash, hashToken(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning({ userId: signInLinks.userId });
  return claimed?.userId ?? null;
}
