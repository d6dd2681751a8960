import { publicProcedure, router } from '../../trpc/init';
import { blogBySlugInput, blogListInput } from './inputs';
import { getPublishedBlog, listPublishedBlogs } from './service';

export const blogRouter = router({
  list: publicProcedure.input(blogListInput).query(({ ctx, input }) => listPublishedBlogs({ ctx: ctx.service, input })),
  bySlug: publicProcedure.input(blogBySlugInput).query(({ ctx, input }) => getPublishedBlog({ ctx: ctx.service, input })),
});
