import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import {
  checkAvailabilityInput,
  createProductInput,
  featuredProductsInput,
  productIdInput,
  productPhotoAltInput,
  productPhotoIdInput,
  productSearchInput,
  reorderProductPhotosInput,
  storefrontProductsInput,
  storefrontShowcaseInput,
  updateInventoryInput,
  updateProductInput,
} from './inputs';
import { featuredProducts, searchProducts } from './search';
import { storefrontShowcase } from './showcase';
import { cachedProductSearch } from './search-cache';
import * as photos from './photos/service';
import * as products from './service';

export const productRouter = router({
  create: authedProcedure.input(createProductInput).mutation(({ ctx, input }) => products.createProduct({ ctx: ctx.service, input })),
  update: authedProcedure.input(updateProductInput).mutation(({ ctx, input }) => products.updateProduct({ ctx: ctx.service, input })),
  delete: authedProcedure.input(productIdInput).mutation(({ ctx, input }) => products.deleteProduct({ ctx: ctx.service, input })),
  updateInventory: authedProcedure
    .input(updateInventoryInput)
    .mutation(({ ctx, input }) => products.updateInventory({ ctx: ctx.service, input })),
  forStorefront: authedProcedure
    .input(storefrontProductsInput)
    .query(({ ctx, input }) => products.storefrontProducts({ ctx: ctx.service, input })),
  // A product's photos (uploaded through POST /api/products/:productId/photos): each answers with them in their new order.
  reorderPhotos: authedProcedure.input(reorderProductPhotosInput).mutation(({ ctx, input }) => photos.reorderProductPhotos({ ctx: ctx.service, input })),
  deletePhoto: authedProcedure.input(productPhotoIdInput).mutation(({ ctx, input }) => photos.deleteProductPhoto({ ctx: ctx.service, input })),
  updatePhotoAlt: authedProcedure.input(productPhotoAltInput).mutation(({ ctx, input }) => photos.updateProductPhotoAlt({ ctx: ctx.service, input })),
  // Public: the storefront and product pages and the /shop marketplace are open to visitors.
  byId: publicProcedure.input(productIdInput).query(({ ctx, input }) => products.getProduct({ ctx: ctx.service, input })),
  search: publicProcedure
    .input(productSearchInput)
    .query(({ ctx, input }) => cachedProductSearch(ctx.deps, input, () => searchProducts({ ctx: ctx.service, input }))),
  // Public: the Shop section of an artist's or a studio's page (active storefront, public products only).
  showcase: publicProcedure.input(storefrontShowcaseInput).query(({ ctx, input }) => storefrontShowcase({ ctx: ctx.service, input })),
  featured: publicProcedure.input(featuredProductsInput).query(({ ctx, input }) => featuredProducts({ ctx: ctx.service, input })),
  checkAvailability: publicProcedure
    .input(checkAvailabilityInput)
    .query(({ ctx, input }) => products.checkAvailability({ ctx: ctx.service, input })),
});
