import { and, eq, or } from 'drizzle-orm';
import { shopInvitations } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { requireUser, type ServiceCtx } from '../../service-context';
import { getInvitation, MESSAGES } from './members';

/**
 * The invitation behind a notification's deep link /invitations/{invitationId}, for the person it
 * was sent to: what /invite/{code} shows, plus its code (to accept or decline it). Anyone else gets
 * NOT_FOUND, as for an id that does not exist: an id is not a secret the way a code is.
 */
export async function getInvitationById({ ctx, input }: { ctx: ServiceCtx; input: { invitationId: string } }) {
  const me = requireUser(ctx);
  const [row] = await ctx.db
    .select({ code: shopInvitations.code })
    .from(shopInvitations)
    .where(
      and(
        eq(shopInvitations.id, input.invitationId),
        or(eq(shopInvitations.invitedUserId, me.id), eq(shopInvitations.invitedEmail, me.email.toLowerCase())),
      ),
    )
    .limit(1);
  if (!row) throw notFound(MESSAGES.invitationNotFound);
  return { code: row.code, ...(await getInvitation({ ctx, input: { code: row.code } })) };
}
