// The spec's product texts (spec 1 §5). A file of their own so the pricing rules the browser
// shares (rules.ts) do not pull zod and the table definitions into the storefront and checkout pages.

export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  nameRequired: 'Product name is required',
  priceAboveZero: 'Product price must be greater than 0',
  notAvailable: 'Product is not available',
  backordered: 'Item will be backordered',
  onlyAvailable: (n: number) => `Only ${n} items available`,
  insufficient: 'Insufficient inventory',
  priceRange: 'Minimum price cannot be more than maximum price',
  photoLimit: 'A product can have at most 10 photos',
  photoNotFound: 'Photo not found',
  altTextRequired: 'Describe the photo for people who cannot see it',
  photosChanged: "The product's photos have changed. Reload the page and try again",
} as const;
