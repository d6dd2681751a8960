import { z } from 'zod';
import { MAX_PRODUCT_PHOTOS } from '../../db/schema/product-photos';
import { PRODUCT_STATUS_VALUES } from '../../db/schema/storefronts';
import { PRODUCT_MESSAGES } from './messages';

// Product forms (products/new, products/{id}/edit, inventory) and the server share these schemas
// (spec 1 §3, §5). Prices and modifiers are integer cents.

export const PRODUCT_PAGE_SIZE = 20;
export const FEATURED_PRODUCTS = 6;
/** Spec 1 §7: "by storefront (up to 100)". */
export const STOREFRONT_PRODUCTS_LIMIT = 100;

const MAX_CENTS = 100_000_00;
const modifier = z
  .number({ error: 'Price modifier must be an amount in cents' })
  .int('Price modifier must be an amount in cents')
  .min(-MAX_CENTS, 'Price modifier must be at least -$100,000.00')
  .max(MAX_CENTS, 'Price modifier must be at most $100,000.00');
/** Ids of options are kept across edits (carts refer to them); new ones get an id on the server. */
const optionId = z.string().trim().min(1).max(64).optional();
const label = (what: string, max: number) =>
  z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`);

export const variantOptionInput = z.object({ id: optionId, name: label('Option name', 60), priceModifier: modifier.default(0) });
export const variantInput = z.object({
  id: optionId,
  name: label('Variant name', 60),
  options: z.array(variantOptionInput).min(1, 'A variant needs at least one option').max(30, 'A variant can have at most 30 options'),
});
export const customizationOptionInput = z.object({ id: optionId, name: label('Customization name', 60), priceModifier: modifier.default(0) });

export const inventoryInput = z.object({
  trackInventory: z.boolean(),
  quantity: z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number').min(0, 'Quantity cannot be negative').max(1_000_000),
  lowStockThreshold: z
    .number({ error: 'Low stock threshold must be a whole number' })
    .int('Low stock threshold must be a whole number')
    .min(0, 'Low stock threshold cannot be negative')
    .max(1_000_000),
  allowBackorders: z.boolean(),
});

const tag = z.string().trim().toLowerCase().min(1).max(40, 'Tags must be at most 40 characters');

/** Every editable field, without defaults (create adds them; update leaves absent fields alone). */
const productFields = {
  name: label('Product name', 120),
  description: z.string().trim().max(5000, 'Description must be at most 5000 characters'),
  price: z
    .number({ error: PRODUCT_MESSAGES.priceAboveZero })
    .int('Price must be an amount in cents')
    .gt(0, PRODUCT_MESSAGES.priceAboveZero)
    .max(MAX_CENTS, 'Price must be at most $100,000.00'),
  category: z.string().trim().toLowerCase().max(60, 'Category must be at most 60 characters').nullable(),
  tags: z
    .array(tag)
    .max(20, 'A product can have at most 20 tags')
    .transform((tags) => [...new Set(tags)]),
  featured: z.boolean(),
  status: z.enum(PRODUCT_STATUS_VALUES, { error: 'Status must be draft, active or archived' }),
  inventory: inventoryInput.partial(),
  variants: z.array(variantInput).max(10, 'A product can have at most 10 variants'),
  customizationOptions: z.array(customizationOptionInput).max(20, 'A product can have at most 20 customization options'),
};

export const createProductInput = z.object({
  storefrontId: z.uuid({ error: 'Storefront not found' }),
  name: productFields.name,
  description: productFields.description.default(''),
  price: productFields.price,
  category: productFields.category.default(null),
  tags: productFields.tags.default([]),
  featured: productFields.featured.default(false),
  status: productFields.status.default('draft'),
  inventory: productFields.inventory.default({}),
  variants: productFields.variants.default([]),
  customizationOptions: productFields.customizationOptions.default([]),
});

export const productIdInput = z.object({ productId: z.uuid({ error: PRODUCT_MESSAGES.notFound }) });

export const updateProductInput = productIdInput.extend({
  name: productFields.name.optional(),
  description: productFields.description.optional(),
  price: productFields.price.optional(),
  category: productFields.category.optional(),
  tags: productFields.tags.optional(),
  featured: productFields.featured.optional(),
  status: productFields.status.optional(),
  inventory: productFields.inventory.optional(),
  variants: productFields.variants.optional(),
  customizationOptions: productFields.customizationOptions.optional(),
});

const price = z.number().int('Prices are amounts in cents').min(0, 'Prices cannot be negative').max(MAX_CENTS);

/** Spec 1 §5 product search filters; only active products of active storefronts are returned. */
export const productSearchInput = z
  .object({
    storefrontId: z.uuid({ error: 'Storefront not found' }).optional(),
    query: z.string().trim().max(80, 'Search must be at most 80 characters').default(''),
    category: z.string().trim().toLowerCase().max(60).optional(),
    featured: z.boolean().optional(),
    minPrice: price.optional(),
    maxPrice: price.optional(),
    tags: z.array(tag).max(10).optional(),
    inStock: z.boolean().optional(),
    cursor: z.number().int().min(0).max(10_000).nullish(),
  })
  .refine((i) => i.minPrice === undefined || i.maxPrice === undefined || i.minPrice <= i.maxPrice, { message: PRODUCT_MESSAGES.priceRange, path: ['minPrice'] })
  .default({ query: '' });

export const featuredProductsInput = z.object({ storefrontId: z.uuid({ error: 'Storefront not found' }).optional() }).default({});

export const storefrontProductsInput = z.object({
  storefrontId: z.uuid({ error: 'Storefront not found' }),
  status: z.enum(PRODUCT_STATUS_VALUES).optional(),
  lowStockOnly: z.boolean().default(false),
});

export const checkAvailabilityInput = z.object({
  productId: z.uuid({ error: PRODUCT_MESSAGES.notFound }),
  quantity: z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(10_000).default(1),
});

/** The inventory page's bulk edit: quantities, thresholds and tracking of many products at once. */
export const updateInventoryInput = z.object({
  storefrontId: z.uuid({ error: 'Storefront not found' }),
  items: z
    .array(inventoryInput.partial().extend({ productId: z.uuid({ error: PRODUCT_MESSAGES.notFound }) }))
    .min(1, 'Nothing to update')
    .max(STOREFRONT_PRODUCTS_LIMIT, `At most ${STOREFRONT_PRODUCTS_LIMIT} products at a time`),
});

export type CreateProductInput = z.input<typeof createProductInput>;
export type UpdateProductInput = z.input<typeof updateProductInput>;

/** The cap of a product's photos and its message, for the photos manager to show before it uploads. */
export { MAX_PRODUCT_PHOTOS };
export const PRODUCT_PHOTO_LIMIT_MESSAGE = PRODUCT_MESSAGES.photoLimit;

// Product photos (issue 20): uploaded to their product through POST /api/products/:productId/photos
// (multipart: the fields below, then the file); ordered, described and deleted through tRPC.

const altText = z.string().trim().max(250, 'Alt text must be at most 250 characters');
const photoId = z.uuid({ error: PRODUCT_MESSAGES.photoNotFound });

/** The upload's fields: its alt text (the product's name when left empty), and the photo it replaces, if any. */
export const productPhotoUploadInput = z.object({
  productId: z.uuid({ error: PRODUCT_MESSAGES.notFound }),
  altText: altText.optional(),
  replacesPhotoId: photoId.optional(),
});

export const productPhotoAltInput = z.object({ photoId, altText: altText.min(1, PRODUCT_MESSAGES.altTextRequired) });

export const productPhotoIdInput = z.object({ photoId });

/** The product's photos in their new order: every one of them, each once. */
export const reorderProductPhotosInput = z.object({
  productId: z.uuid({ error: PRODUCT_MESSAGES.notFound }),
  photoIds: z.array(photoId).max(MAX_PRODUCT_PHOTOS, PRODUCT_MESSAGES.photoLimit),
});

/** The storefront an artist's or a studio's page shows (its Shop section), named by its owner. */
export const storefrontShowcaseInput = z.object({
  ownerType: z.enum(['user', 'shop'], { error: 'Storefront not found' }),
  ownerId: z.uuid({ error: 'Storefront not found' }),
});
