import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import {
  createStudioInput,
  handleAvailableInput,
  invitationCodeInput,
  invitationIdInput,
  inviteMemberInput,
  memberIdInput,
  respondInvitationInput,
  studioIdInput,
  studioSearchInput,
  studioSlugInput,
  updateMemberInput,
  updateStudioInput,
} from './inputs';
import * as activation from './activation';
import { getInvitationById } from './invitation-by-id';
import * as members from './members';
import { myStudioEntitlements } from './entitlements';
import { cachedSearch } from './search-cache';
import * as studios from './service';

export const studioRouter = router({
  // Public so that a signed-out call gets the spec's own message from the service.
  create: publicProcedure.input(createStudioInput).mutation(({ ctx, input }) => studios.createStudio({ ctx: ctx.service, input })),
  // Public (decision 034): the studio page is shared with signed-out visitors; the listing (search) is not.
  byId: publicProcedure.input(studioIdInput).query(({ ctx, input }) => studios.getStudio({ ctx: ctx.service, input })),
  bySlug: publicProcedure.input(studioSlugInput).query(({ ctx, input }) => studios.getStudio({ ctx: ctx.service, input })),
  search: authedProcedure
    .input(studioSearchInput)
    .query(({ ctx, input }) => cachedSearch(ctx.deps, input, () => studios.searchStudios({ ctx: ctx.service, input }))),
  mine: authedProcedure.query(({ ctx }) => studios.myStudios({ ctx: ctx.service })),
  isHandleAvailable: authedProcedure
    .input(handleAvailableInput)
    .query(({ ctx, input }) => studios.checkHandle({ ctx: ctx.service, input })),
  update: authedProcedure.input(updateStudioInput).mutation(({ ctx, input }) => studios.updateStudio({ ctx: ctx.service, input })),
  /** The owner asks InkLink to activate the studio (idempotent while a request is open). */
  requestActivation: authedProcedure
    .input(studioIdInput)
    .mutation(({ ctx, input }) => activation.requestActivation({ ctx: ctx.service, input })),
  members: authedProcedure.input(studioIdInput).query(({ ctx, input }) => members.listMembers({ ctx: ctx.service, input })),
  /** The Studio features of the caller's studios (decision 042): offer a gated action or its upgrade prompt up front. */
  myEntitlements: authedProcedure.query(({ ctx }) => myStudioEntitlements({ ctx: ctx.service })),
  addMember: authedProcedure.input(inviteMemberInput).mutation(({ ctx, input }) => members.inviteMember({ ctx: ctx.service, input })),
  updateMember: authedProcedure.input(updateMemberInput).mutation(({ ctx, input }) => members.updateMember({ ctx: ctx.service, input })),
  removeMember: authedProcedure.input(memberIdInput).mutation(({ ctx, input }) => members.removeMember({ ctx: ctx.service, input })),
  invitation: authedProcedure.input(invitationCodeInput).query(({ ctx, input }) => members.getInvitation({ ctx: ctx.service, input })),
  invitationById: authedProcedure.input(invitationIdInput).query(({ ctx, input }) => getInvitationById({ ctx: ctx.service, input })),
  respondToInvitation: authedProcedure
    .input(respondInvitationInput)
    .mutation(({ ctx, input }) => members.respondToInvitation({ ctx: ctx.service, input })),
});
