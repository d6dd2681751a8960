import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { verifyPassword } from '../../auth/passwords';
import { sessions } from '../../db/schema';
import type { ServiceCtx } from '../../service-context';
import { AppError, invalid } from '../../lib/errors';
import type { linkGoogleInput } from './inputs';
import { GOOGLE_MESSAGES } from './rules';

/** Linking Google starts with the user's password; the OAuth round trip must follow within minutes. */
export async function startGoogleLink({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof linkGoogleInput> }) {
  if (!ctx.user?.email || !ctx.sessionId) throw new AppError('UNAUTHORIZED', GOOGLE_MESSAGES.noAuthenticatedUser);
  if (!ctx.deps.config.google) throw new AppError('PRECONDITION_FAILED', 'Google sign-in is not configured');
  if (!(await verifyPassword(ctx.user.passwordHash, input.password))) throw invalid(GOOGLE_MESSAGES.incorrectPassword);
  await ctx.db.update(sessions).set({ googleLinkRequestedAt: ctx.deps.clock.now() }).where(eq(sessions.id, ctx.sessionId));
  return { url: '/auth/google?mode=link' };
}
