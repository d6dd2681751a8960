import { publicProcedure, router } from '../../trpc/init';
import { getFeatured } from './featured';

export const discoveryRouter = router({
  // Public: the landing page shows signed-out visitors featured artists, studios and products (public data only).
  featured: publicProcedure.query(({ ctx }) => getFeatured({ ctx: ctx.service })),
});
