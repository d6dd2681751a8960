import { authedProcedure, router, serviceCtx } from '../../trpc/init';
import { artistIdInput, artistSearchInput, artistSlugInput, followInput, saveArtistProfileInput } from './inputs';
import * as artists from './service';

export const artistRouter = router({
  mine: authedProcedure.query(({ ctx }) => artists.getMyArtistProfile({ ctx: serviceCtx(ctx) })),
  saveMine: authedProcedure
    .input(saveArtistProfileInput)
    .mutation(({ ctx, input }) => artists.saveArtistProfile({ ctx: serviceCtx(ctx), input })),
  search: authedProcedure.input(artistSearchInput).query(({ ctx, input }) => artists.searchArtists({ ctx: serviceCtx(ctx), input })),
  bySlug: authedProcedure.input(artistSlugInput).query(({ ctx, input }) => artists.getArtist({ ctx: serviceCtx(ctx), input })),
  byId: authedProcedure.input(artistIdInput).query(({ ctx, input }) => artists.getArtist({ ctx: serviceCtx(ctx), input })),
  follow: authedProcedure.input(followInput).mutation(({ ctx, input }) => artists.follow({ ctx: serviceCtx(ctx), input })),
  unfollow: authedProcedure.input(followInput).mutation(({ ctx, input }) => artists.unfollow({ ctx: serviceCtx(ctx), input })),
});
