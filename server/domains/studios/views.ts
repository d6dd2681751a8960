import type { shops } from '../../db/schema';
import { summarizeHours } from './rules';

type ShopRow = typeof shops.$inferSelect;

/** What anyone signed in may see of a studio. */
export function toStudio(shop: ShopRow) {
  return {
    id: shop.id,
    name: shop.name,
    displayName: shop.displayName,
    urlSlug: shop.urlSlug,
    ownerId: shop.ownerId,
    address: shop.address,
    streetNumber: shop.streetNumber,
    street: shop.street,
    city: shop.city,
    state: shop.state,
    zipCode: shop.zipCode,
    latitude: shop.latitude,
    longitude: shop.longitude,
    phone: shop.phone,
    email: shop.email,
    website: shop.website,
    description: shop.description,
    openingHours: shop.openingHours,
    hoursSummary: summarizeHours(shop.openingHours),
    timezone: shop.timezone,
    paymentTypes: shop.paymentTypes,
    tattooStyles: shop.tattooStyles,
    quality: shop.quality,
    isVerified: shop.isVerified,
    isFeatured: shop.isFeatured,
    isActive: shop.isActive,
    isBookable: shop.isBookable,
    lookingForResident: shop.lookingForResident,
    lookingForGuest: shop.lookingForGuest,
    useArtistsPortfolios: shop.useArtistsPortfolios,
    useArtistsFlashes: shop.useArtistsFlashes,
    hasStorefront: shop.hasStorefront,
    bannerUrl: shop.bannerUrl,
    logoUrl: shop.logoUrl,
    dateAdded: shop.dateAdded,
    lastUpdated: shop.lastUpdated,
  };
}
export type Studio = ReturnType<typeof toStudio>;
