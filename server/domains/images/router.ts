import { authedProcedure, router, serviceCtx } from '../../trpc/init';
import { countImagesInput, deleteImageInput, listImagesInput, studioGalleryInput } from './inputs';
import * as images from './service';

// Upload is POST /api/images (multipart), see server/http/uploads.ts.
export const imageRouter = router({
  list: authedProcedure.input(listImagesInput).query(({ ctx, input }) => images.listImages({ ctx: serviceCtx(ctx), input })),
  studioGallery: authedProcedure
    .input(studioGalleryInput)
    .query(({ ctx, input }) => images.listStudioGallery({ ctx: serviceCtx(ctx), input })),
  counts: authedProcedure.input(countImagesInput).query(({ ctx, input }) => images.countImages({ ctx: serviceCtx(ctx), input })),
  delete: authedProcedure.input(deleteImageInput).mutation(({ ctx, input }) => images.deleteImage({ ctx: serviceCtx(ctx), input })),
});
