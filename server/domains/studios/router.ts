import { authedProcedure, publicProcedure, router, serviceCtx } from '../../trpc/init';
import {
  createStudioInput,
  handleAvailableInput,
  invitationCodeInput,
  inviteMemberInput,
  memberIdInput,
  respondInvitationInput,
  studioIdInput,
  studioSearchInput,
  studioSlugInput,
  updateMemberInput,
  updateStudioInput,
} from './inputs';
import * as members from './members';
import { cachedSearch } from './search-cache';
import * as studios from './service';

export const studioRouter = router({
  // Public so that a signed-out call gets the spec's own message from the service.
  create: publicProcedure.input(createStudioInput).mutation(({ ctx, input }) => studios.createStudio({ ctx: serviceCtx(ctx), input })),
  byId: authedProcedure.input(studioIdInput).query(({ ctx, input }) => studios.getStudio({ ctx: serviceCtx(ctx), input })),
  bySlug: authedProcedure.input(studioSlugInput).query(({ ctx, input }) => studios.getStudio({ ctx: serviceCtx(ctx), input })),
  search: authedProcedure
    .input(studioSearchInput)
    .query(({ ctx, input }) => cachedSearch(ctx.deps, input, () => studios.searchStudios({ ctx: serviceCtx(ctx), input }))),
  mine: authedProcedure.query(({ ctx }) => studios.myStudios({ ctx: serviceCtx(ctx) })),
  isHandleAvailable: authedProcedure
    .input(handleAvailableInput)
    .query(({ ctx, input }) => studios.checkHandle({ ctx: serviceCtx(ctx), input })),
  update: authedProcedure.input(updateStudioInput).mutation(({ ctx, input }) => studios.updateStudio({ ctx: serviceCtx(ctx), input })),
  members: authedProcedure.input(studioIdInput).query(({ ctx, input }) => members.listMembers({ ctx: serviceCtx(ctx), input })),
  addMember: authedProcedure.input(inviteMemberInput).mutation(({ ctx, input }) => members.inviteMember({ ctx: serviceCtx(ctx), input })),
  updateMember: authedProcedure
    .input(updateMemberInput)
    .mutation(({ ctx, input }) => members.updateMember({ ctx: serviceCtx(ctx), input })),
  removeMember: authedProcedure.input(memberIdInput).mutation(({ ctx, input }) => members.removeMember({ ctx: serviceCtx(ctx), input })),
  invitation: authedProcedure.input(invitationCodeInput).query(({ ctx, input }) => members.getInvitation({ ctx: serviceCtx(ctx), input })),
  respondToInvitation: authedProcedure
    .input(respondInvitationInput)
    .mutation(({ ctx, input }) => members.respondToInvitation({ ctx: serviceCtx(ctx), input })),
});
