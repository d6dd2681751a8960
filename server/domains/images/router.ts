import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import { countImagesInput, deleteImageInput, listImagesInput, studioGalleryInput } from './inputs';
import * as images from './service';

// Upload is POST /api/images (multipart), see server/http/uploads.ts.
export const imageRouter = router({
  // Public (decision 034: the galleries of public profiles and studio pages); a signed-out caller,
  // like any stranger, gets the public images only (decision 018).
  list: publicProcedure.input(listImagesInput).query(({ ctx, input }) => images.listImages({ ctx: ctx.service, input })),
  studioGallery: publicProcedure.input(studioGalleryInput).query(({ ctx, input }) => images.listStudioGallery({ ctx: ctx.service, input })),
  counts: publicProcedure.input(countImagesInput).query(({ ctx, input }) => images.countImages({ ctx: ctx.service, input })),
  delete: authedProcedure.input(deleteImageInput).mutation(({ ctx, input }) => images.deleteImage({ ctx: ctx.service, input })),
});
