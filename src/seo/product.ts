import { availability } from '../../server/domains/products/rules';
import { absoluteUrl, describe, type JsonLd, type PageHead, photoImage, privateHead, type RouteHead, routeHead } from './head';
import type { ProductData } from './outputs';

// A product page's head: a Product with its photos and one Offer (price as a decimal string in
// USD, availability from its inventory, as checkout reads it); its first photo as the preview.
// A product its storefront's managers see before it is public (a draft, an archived product, an
// inactive storefront) gets no description, image or JSON-LD, and noindex.

/** Prices cross the API as integer cents (CONTRACT.md); the marketplace sells in US dollars. */
export const PRICE_CURRENCY = 'USD';

type Product = Pick<
  ProductData,
  'id' | 'storefrontId' | 'name' | 'description' | 'price' | 'status' | 'photos' | 'inventory' | 'category' | 'updatedAt'
> & {
  storefront: Pick<ProductData['storefront'], 'id' | 'name' | 'isActive'>;
};

export const productPath = (product: Pick<Product, 'id' | 'storefrontId'>) => `/storefront/${product.storefrontId}/product/${product.id}`;

/** Cents as schema.org wants a price: a decimal string with a dot ('1500' → '15.00'). */
export const decimalPrice = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Whether anyone may see the product (what product.byId answers a visitor who cannot manage it). */
export const isPublicProduct = (product: Pick<Product, 'status' | 'storefront'>) =>
  product.status === 'active' && product.storefront.isActive;

/** One unit's availability as a schema.org ItemAvailability URL. */
export function itemAvailability(product: Pick<Product, 'status' | 'inventory'>): string {
  const state = availability({ status: product.status, ...product.inventory }, 1);
  if (!state.available) return 'https://schema.org/OutOfStock';
  return state.backordered ? 'https://schema.org/BackOrder' : 'https://schema.org/InStock';
}

export function productJsonLd(product: Product, origin: string): JsonLd {
  const url = absoluteUrl(origin, productPath(product));
  const storefrontUrl = absoluteUrl(origin, `/storefront/${product.storefront.id}`);
  const images = product.photos.map((photo) => absoluteUrl(origin, photo.url));
  return {
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    url,
    ...(product.description.trim() && { description: product.description.trim() }),
    ...(images.length > 0 && { image: images }),
    ...(product.category && { category: product.category }),
    brand: { '@type': 'Brand', name: product.storefront.name },
    offers: {
      '@type': 'Offer',
      url,
      price: decimalPrice(product.price),
      priceCurrency: PRICE_CURRENCY,
      availability: itemAvailability(product),
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: product.storefront.name, url: storefrontUrl },
    },
  };
}

export function productPageHead(product: Product, origin: string): PageHead {
  const photo = product.photos[0];
  return {
    title: `${product.name} — ${product.storefront.name}`,
    description: describe(
      product.description,
      `${product.name}, $${decimalPrice(product.price)} at ${product.storefront.name} on InkLink.`,
    ),
    url: absoluteUrl(origin, productPath(product)),
    image: photoImage(photo, product.name, origin),
    type: 'product',
    jsonLd: productJsonLd(product, origin),
  };
}

/** The route `head` of a product page, from its loader's data. */
export function productHead(product: Product | undefined, origin: string): RouteHead {
  if (!product) return {};
  if (!isPublicProduct(product)) return privateHead(product.name);
  const head = routeHead(productPageHead(product, origin));
  head.meta.push(
    { property: 'product:price:amount', content: decimalPrice(product.price) },
    { property: 'product:price:currency', content: PRICE_CURRENCY },
  );
  return head;
}
