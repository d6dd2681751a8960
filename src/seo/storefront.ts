import { absoluteUrl, describe, type JsonLd, type PageHead, photoImage, privateHead, type RouteHead, routeHead } from './head';
import type { ProductData, StorefrontData } from './outputs';

// A storefront page's head: an Organization (the seller) named after the storefront; the first
// photo of its first products as the preview image. An inactive storefront (only its managers see
// it) gets noindex and nothing of the record.

type Storefront = Pick<StorefrontData, 'id' | 'name' | 'description' | 'isActive' | 'ownerName'>;
type ProductCard = Pick<ProductData, 'photos'>;

export const storefrontPath = (storefront: Pick<Storefront, 'id'>) => `/storefront/${storefront.id}`;

export function storefrontJsonLd(storefront: Storefront, origin: string): JsonLd {
  return {
    '@type': 'Organization',
    '@id': `${absoluteUrl(origin, storefrontPath(storefront))}#store`,
    name: storefront.name,
    url: absoluteUrl(origin, storefrontPath(storefront)),
    ...(storefront.description.trim() && { description: storefront.description.trim() }),
  };
}

export function storefrontPageHead(storefront: Storefront, products: ProductCard[], origin: string): PageHead {
  const photo = products.find((product) => product.photos.length > 0)?.photos[0];
  const owner = storefront.ownerName ? ` by ${storefront.ownerName}` : '';
  return {
    title: `${storefront.name} — shop`,
    description: describe(storefront.description, `${storefront.name}: aftercare, prints, merch and more${owner} on InkLink.`),
    url: absoluteUrl(origin, storefrontPath(storefront)),
    image: photoImage(photo, storefront.name, origin),
    type: 'website',
    jsonLd: storefrontJsonLd(storefront, origin),
  };
}

/** The route `head` of a storefront page, from its loader's data (the storefront, its first products). */
export function storefrontHead(storefront: Storefront | undefined, products: ProductCard[], origin: string): RouteHead {
  if (!storefront) return {};
  if (!storefront.isActive) return privateHead(storefront.name);
  return routeHead(storefrontPageHead(storefront, products, origin));
}
