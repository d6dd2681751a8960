import { shops } from '../../db/schema';
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
    useCarousel: shop.useCarousel,
    hasStorefront: shop.hasStorefront,
    logoUrl: shop.logoUrl,
    dateAdded: shop.dateAdded,
    lastUpdated: shop.lastUpdated,
  };
}
export type Studio = ReturnType<typeof toStudio>;

/** The columns a studio card is made from (search loads only these). */
export const STUDIO_CARD_COLUMNS = {
  id: shops.id,
  urlSlug: shops.urlSlug,
  name: shops.name,
  city: shops.city,
  state: shops.state,
  openingHours: shops.openingHours,
  quality: shops.quality,
  isVerified: shops.isVerified,
  lookingForResident: shops.lookingForResident,
  lookingForGuest: shops.lookingForGuest,
};
export type StudioCardRow = Pick<ShopRow, keyof typeof STUDIO_CARD_COLUMNS>;

/**
 * A studio as a /studios search result shows it: its card (name, place, hours, badges), the link
 * to its page (urlSlug, else id) and the quality the results are ranked by. A search page sends
 * ten of these on every keystroke; the whole studio (description, opening hours, contact details,
 * dates) is what studio.bySlug gives the studio's own page.
 */
export function toStudioCard(shop: StudioCardRow) {
  return {
    id: shop.id,
    urlSlug: shop.urlSlug,
    name: shop.name,
    city: shop.city,
    state: shop.state,
    hoursSummary: summarizeHours(shop.openingHours),
    quality: shop.quality,
    isVerified: shop.isVerified,
    lookingForResident: shop.lookingForResident,
    lookingForGuest: shop.lookingForGuest,
  };
}
