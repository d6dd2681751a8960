import { authedProcedure, router } from '../../trpc/init';
import { countImagesInput, deleteImageInput, listImagesInput, studioGalleryInput } from './inputs';
import * as images from './service';

// Upload is POST /api/images (multipart), see server/http/uploads.ts.
export const imageRouter = router({
  list: authedProcedure.input(listImagesInput).query(({ ctx, input }) => images.listImages({ ctx: ctx.service, input })),
  studioGallery: authedProcedure.input(studioGalleryInput).query(({ ctx, input }) => images.listStudioGallery({ ctx: ctx.service, input })),
  counts: authedProcedure.input(countImagesInput).query(({ ctx, input }) => images.countImages({ ctx: ctx.service, input })),
  delete: authedProcedure.input(deleteImageInput).mutation(({ ctx, input }) => images.deleteImage({ ctx: ctx.service, input })),
});
