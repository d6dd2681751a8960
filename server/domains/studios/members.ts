import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { shopInvitations, shops, shopUsers, users } from '../../db/schema';
import { type ServiceCtx, requireUser, withTransaction } from '../../service-context';
import { conflict, forbidden, invalid, isExclusionViolation, notFound } from '../../lib/errors';
import { randomToken } from '../../lib/ids';
import { DAY } from '../../lib/time';
import { queueMail } from '../../providers/mail/outbox';
import { findUserByEmail } from '../users/service';
import { createNotification } from '../notifications/create';
import { requireFeature } from '../plans/entitlements';
import { requireManagedShop } from './access';
import type { inviteMemberInput, respondInvitationInput, updateMemberInput } from './inputs';

export const INVITATION_TTL_MS = 14 * DAY;
export const MESSAGES = {
  alreadyMember: 'This user is already a member of the studio for those dates',
  userNotFound: 'User not found',
  invitationNotFound: 'Invitation not found',
  invitationUsed: 'This invitation is no longer valid',
  notYourInvitation: 'This invitation was sent to someone else',
  memberNotFound: 'Member not found',
  endBeforeStart: 'End date must be after the start date',
} as const;

/** Every membership of a studio (past, current and future), for its managers. */
export async function listMembers({ ctx, input }: { ctx: ServiceCtx; input: { id: string } }) {
  await requireManagedShop(ctx, input.id);
  const members = await ctx.db
    .select({
      id: shopUsers.id,
      userId: users.id,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      shopUserType: shopUsers.shopUserType,
      startDate: shopUsers.startDate,
      endDate: shopUsers.endDate,
      permissions: shopUsers.permissions,
      canManageStore: shopUsers.canManageStore,
    })
    .from(shopUsers)
    .innerJoin(users, eq(users.id, shopUsers.userId))
    .where(and(eq(shopUsers.shopId, input.id), eq(shopUsers.deleted, false)))
    .orderBy(asc(shopUsers.shopUserType), asc(shopUsers.startDate));
  const invitations = await ctx.db
    .select({
      id: shopInvitations.id,
      invitedEmail: shopInvitations.invitedEmail,
      displayName: users.displayName,
      createdAt: shopInvitations.createdAt,
      expiresAt: shopInvitations.expiresAt,
    })
    .from(shopInvitations)
    .leftJoin(users, eq(users.id, shopInvitations.invitedUserId))
    .where(and(eq(shopInvitations.shopId, input.id), eq(shopInvitations.status, 'pending')));
  return { members, invitations };
}

/**
 * Invites by display name or e-mail. A known user gets an invitation_studio notification whose
 * deep link is /invitations/{id} (spec 1 §2); an address with no account yet gets an e-mail with
 * /invite/{code}, the one link that works before the account exists.
 */
export async function inviteMember({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof inviteMemberInput> }) {
  const shop = await requireManagedShop(ctx, input.studioId);
  const inviter = requireUser(ctx);
  // Inviting is the Studio plan's; invitations already sent can still be accepted (decision 042).
  await requireFeature(ctx, { studioId: shop.id }, 'studio_members');
  if (input.startDate && input.endDate && input.endDate < input.startDate) throw invalid(MESSAGES.endBeforeStart);
  const isEmail = input.invitee.includes('@') && !input.invitee.startsWith('@');
  const invitee = isEmail
    ? await findUserByEmail(ctx.db, input.invitee)
    : (
        await ctx.db
          .select()
          .from(users)
          .where(sql`lower(${users.displayName}) = ${`@${input.invitee.replace(/^@/, '')}`.toLowerCase()}`)
          .limit(1)
      )[0];
  if (!invitee && !isEmail) throw notFound(MESSAGES.userNotFound);
  const now = ctx.deps.clock.now();
  const code = randomToken(16);
  return withTransaction(ctx, async (tx) => {
    const [invitation] = await tx.db
      .insert(shopInvitations)
      .values({
        code,
        shopId: shop.id,
        invitedUserId: invitee?.id ?? null,
        invitedEmail: invitee ? null : input.invitee.toLowerCase(),
        invitedBy: inviter.id,
        shopUserType: input.shopUserType,
        permissions: input.permissions,
        canManageStore: input.canManageStore,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      })
      .returning({ id: shopInvitations.id });
    const role = input.shopUserType === 1 ? 'guest artist' : 'resident artist';
    if (invitee) {
      await createNotification(tx, {
        userId: invitee.id,
        type: 'invitation_studio',
        title: `Invitation from ${shop.name}`,
        body: `${inviter.displayName} invited you to join ${shop.name} as a ${role}.`,
        data: { invitationId: invitation.id, shopId: shop.id },
      });
    } else {
      await queueMail(tx, {
        to: input.invitee.toLowerCase(),
        subject: `${shop.name} invited you to InkLink`,
        text: `${inviter.displayName} invited you to join ${shop.name} on InkLink as a ${role}.\n\nCreate your account with this e-mail address, then open:\n${ctx.deps.config.appOrigin}/invite/${code}`,
      });
    }
    return { id: invitation.id, code };
  });
}

/** The invitation behind /invite/{code}, for the person it was sent to. */
export async function getInvitation({ ctx, input }: { ctx: ServiceCtx; input: { code: string } }) {
  const me = requireUser(ctx);
  const [row] = await ctx.db
    .select({ invitation: shopInvitations, shopName: shops.name, shopSlug: shops.urlSlug, shopCity: shops.city, shopState: shops.state })
    .from(shopInvitations)
    .innerJoin(shops, eq(shops.id, shopInvitations.shopId))
    .where(eq(shopInvitations.code, input.code))
    .limit(1);
  if (!row) throw notFound(MESSAGES.invitationNotFound);
  const mine = row.invitation.invitedUserId === me.id || row.invitation.invitedEmail === me.email.toLowerCase();
  if (!mine) throw forbidden(MESSAGES.notYourInvitation);
  const expired = row.invitation.expiresAt < ctx.deps.clock.now();
  return {
    shopId: row.invitation.shopId,
    shopName: row.shopName,
    shopSlug: row.shopSlug,
    location: `${row.shopCity}, ${row.shopState}`,
    shopUserType: row.invitation.shopUserType,
    status: expired && row.invitation.status === 'pending' ? ('expired' as const) : row.invitation.status,
  };
}

/** Accepting creates the membership once; the invitation row is locked so a double click can't add two. */
export async function respondToInvitation({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof respondInvitationInput> }) {
  const me = requireUser(ctx);
  const now = ctx.deps.clock.now();
  try {
    return await withTransaction(ctx, async (tx) => {
      const [invitation] = await tx.db.select().from(shopInvitations).where(eq(shopInvitations.code, input.code)).for('update').limit(1);
      if (!invitation) throw notFound(MESSAGES.invitationNotFound);
      if (invitation.invitedUserId !== me.id && invitation.invitedEmail !== me.email.toLowerCase())
        throw forbidden(MESSAGES.notYourInvitation);
      if (invitation.status !== 'pending' || invitation.expiresAt < now) throw conflict(MESSAGES.invitationUsed);
      await tx.db
        .update(shopInvitations)
        .set({ status: input.accept ? 'accepted' : 'declined', respondedAt: now, invitedUserId: me.id })
        .where(eq(shopInvitations.id, invitation.id));
      if (input.accept) {
        await tx.db.insert(shopUsers).values({
          shopId: invitation.shopId,
          userId: me.id,
          shopUserType: invitation.shopUserType,
          startDate: now,
          permissions: invitation.permissions,
          canManageStore: invitation.canManageStore,
          createdAt: now,
          lastUpdated: now,
        });
      }
      return { shopId: invitation.shopId, status: input.accept ? ('accepted' as const) : ('declined' as const) };
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict(MESSAGES.alreadyMember);
    throw error;
  }
}

async function requireMembership(ctx: ServiceCtx, memberId: string) {
  const [member] = await ctx.db
    .select()
    .from(shopUsers)
    .where(and(eq(shopUsers.id, memberId), eq(shopUsers.deleted, false)))
    .limit(1);
  if (!member) throw notFound(MESSAGES.memberNotFound);
  await requireManagedShop(ctx, member.shopId);
  return member;
}

export async function updateMember({ ctx, input }: { ctx: ServiceCtx; input: z.output<typeof updateMemberInput> }) {
  const member = await requireMembership(ctx, input.memberId);
  const { memberId, ...changes } = input;
  const start = changes.startDate ?? member.startDate;
  const end = changes.endDate === undefined ? member.endDate : changes.endDate;
  if (end && end < start) throw invalid(MESSAGES.endBeforeStart);
  try {
    const [updated] = await ctx.db
      .update(shopUsers)
      .set({ ...changes, lastUpdated: ctx.deps.clock.now() })
      .where(eq(shopUsers.id, memberId))
      .returning({ id: shopUsers.id });
    return updated;
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict(MESSAGES.alreadyMember);
    throw error;
  }
}

/** Removal is a soft delete (spec 1 §4). */
export async function removeMember({ ctx, input }: { ctx: ServiceCtx; input: { memberId: string } }) {
  await requireMembership(ctx, input.memberId);
  const now = ctx.deps.clock.now();
  await ctx.db
    .update(shopUsers)
    .set({ deleted: true, deletedAt: now, deletedBy: ctx.user?.id ?? null, lastUpdated: now })
    .where(eq(shopUsers.id, input.memberId));
  return { ok: true as const };
}
