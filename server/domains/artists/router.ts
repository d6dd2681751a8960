import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import { artistIdInput, artistSearchInput, artistSlugInput, followInput, saveArtistProfileInput } from './inputs';
import * as artists from './service';

export const artistRouter = router({
  mine: authedProcedure.query(({ ctx }) => artists.getMyArtistProfile({ ctx: ctx.service })),
  saveMine: authedProcedure
    .input(saveArtistProfileInput)
    .mutation(({ ctx, input }) => artists.saveArtistProfile({ ctx: ctx.service, input })),
  search: authedProcedure.input(artistSearchInput).query(({ ctx, input }) => artists.searchArtists({ ctx: ctx.service, input })),
  // Public (decision 034): the profile is shared with signed-out visitors; the listing (search) is not.
  bySlug: publicProcedure.input(artistSlugInput).query(({ ctx, input }) => artists.getArtist({ ctx: ctx.service, input })),
  byId: publicProcedure.input(artistIdInput).query(({ ctx, input }) => artists.getArtist({ ctx: ctx.service, input })),
  follow: authedProcedure.input(followInput).mutation(({ ctx, input }) => artists.follow({ ctx: ctx.service, input })),
  unfollow: authedProcedure.input(followInput).mutation(({ ctx, input }) => artists.unfollow({ ctx: ctx.service, input })),
});
