import { absoluteUrl, describe, type JsonLd, type PageHead, type RouteHead, routeHead } from './head';
import { studioPath } from '../../server/domains/studios/rules';
import type { StudioData } from './outputs';

// A studio page's head: a TattooParlor (a LocalBusiness) with its address, opening hours and
// place; the banner as the preview image, else the logo.

const DAY_OF_WEEK: Record<string, string> = {
  monday: 'https://schema.org/Monday',
  tuesday: 'https://schema.org/Tuesday',
  wednesday: 'https://schema.org/Wednesday',
  thursday: 'https://schema.org/Thursday',
  friday: 'https://schema.org/Friday',
  saturday: 'https://schema.org/Saturday',
  sunday: 'https://schema.org/Sunday',
};

type Studio = Pick<
  StudioData,
  | 'id'
  | 'name'
  | 'urlSlug'
  | 'description'
  | 'address'
  | 'streetNumber'
  | 'street'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'latitude'
  | 'longitude'
  | 'phone'
  | 'email'
  | 'website'
  | 'openingHours'
  | 'tattooStyles'
  | 'logoUrl'
  | 'banner'
>;

/** The streets line: the stored address, else its number and street. */
const streetLine = (studio: Studio) => studio.address.trim() || [studio.streetNumber, studio.street].filter(Boolean).join(' ').trim();

export function studioJsonLd(studio: Studio, origin: string): JsonLd {
  const url = absoluteUrl(origin, studioPath(studio));
  const image = studioImage(studio, origin);
  const address = {
    '@type': 'PostalAddress',
    ...(streetLine(studio) && { streetAddress: streetLine(studio) }),
    ...(studio.city && { addressLocality: studio.city }),
    ...(studio.state && { addressRegion: studio.state }),
    ...(studio.zipCode && { postalCode: studio.zipCode }),
    addressCountry: 'US',
  };
  // Monday first, whatever order the stored hours are in.
  const hours = Object.entries(DAY_OF_WEEK).flatMap(([day, dayOfWeek]) => {
    const value = studio.openingHours?.[day as keyof Studio['openingHours']];
    return value?.open && value.start && value.end
      ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek, opens: value.start, closes: value.end }]
      : [];
  });
  const hasGeo = typeof studio.latitude === 'number' && typeof studio.longitude === 'number';
  return {
    '@type': 'TattooParlor',
    '@id': `${url}#studio`,
    name: studio.name,
    url,
    ...(studio.description?.trim() && { description: studio.description.trim() }),
    ...(image && { image: image.url }),
    address,
    ...(hasGeo && { geo: { '@type': 'GeoCoordinates', latitude: studio.latitude, longitude: studio.longitude } }),
    ...(hours.length > 0 && { openingHoursSpecification: hours }),
    ...(studio.phone?.trim() && { telephone: studio.phone.trim() }),
    ...(studio.email?.trim() && { email: studio.email.trim() }),
    ...(studio.website?.trim() && { sameAs: [studio.website.trim()] }),
    ...(studio.tattooStyles.length > 0 && { knowsAbout: studio.tattooStyles }),
  };
}

function studioImage(studio: Studio, origin: string) {
  if (studio.banner) return { url: absoluteUrl(origin, studio.banner.url), width: studio.banner.width, alt: `${studio.name} banner` };
  if (studio.logoUrl) return { url: absoluteUrl(origin, studio.logoUrl), alt: `${studio.name} logo` };
  return undefined;
}

export function studioPageHead(studio: Studio, origin: string): PageHead {
  const place = [studio.city, studio.state].filter(Boolean).join(', ');
  return {
    title: place ? `${studio.name} — tattoo studio in ${place}` : `${studio.name} — tattoo studio`,
    description: describe(
      studio.description,
      `${studio.name} is a tattoo studio${place ? ` in ${place}` : ''} on InkLink: its artists, work and booking.`,
    ),
    url: absoluteUrl(origin, studioPath(studio)),
    image: studioImage(studio, origin),
    type: 'website',
    jsonLd: studioJsonLd(studio, origin),
  };
}

/** The route `head` of a studio page, from its loader's data. */
export const studioHead = (studio: Studio | undefined, origin: string): RouteHead =>
  studio ? routeHead(studioPageHead(studio, origin)) : {};
