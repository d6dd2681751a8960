import { authedProcedure, publicProcedure, router, serviceCtx } from '../../trpc/init';
import {
  checkAvailabilityInput,
  createProductInput,
  featuredProductsInput,
  productIdInput,
  productSearchInput,
  storefrontProductsInput,
  updateInventoryInput,
  updateProductInput,
} from './inputs';
import { featuredProducts, searchProducts } from './search';
import { cachedProductSearch } from './search-cache';
import * as products from './service';

export const productRouter = router({
  create: authedProcedure.input(createProductInput).mutation(({ ctx, input }) => products.createProduct({ ctx: serviceCtx(ctx), input })),
  update: authedProcedure.input(updateProductInput).mutation(({ ctx, input }) => products.updateProduct({ ctx: serviceCtx(ctx), input })),
  delete: authedProcedure.input(productIdInput).mutation(({ ctx, input }) => products.deleteProduct({ ctx: serviceCtx(ctx), input })),
  updateInventory: authedProcedure
    .input(updateInventoryInput)
    .mutation(({ ctx, input }) => products.updateInventory({ ctx: serviceCtx(ctx), input })),
  forStorefront: authedProcedure
    .input(storefrontProductsInput)
    .query(({ ctx, input }) => products.storefrontProducts({ ctx: serviceCtx(ctx), input })),
  // Public: the storefront and product pages and the /shop marketplace are open to visitors.
  byId: publicProcedure.input(productIdInput).query(({ ctx, input }) => products.getProduct({ ctx: serviceCtx(ctx), input })),
  search: publicProcedure
    .input(productSearchInput)
    .query(({ ctx, input }) => cachedProductSearch(ctx.deps, input, () => searchProducts({ ctx: serviceCtx(ctx), input }))),
  featured: publicProcedure.input(featuredProductsInput).query(({ ctx, input }) => featuredProducts({ ctx: serviceCtx(ctx), input })),
  checkAvailability: publicProcedure
    .input(checkAvailabilityInput)
    .query(({ ctx, input }) => products.checkAvailability({ ctx: serviceCtx(ctx), input })),
});
