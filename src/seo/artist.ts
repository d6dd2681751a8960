import { artistPath } from '../../server/domains/artists/rules';
import { studioPath } from '../../server/domains/studios/rules';
import { absoluteUrl, describe, type JsonLd, type PageHead, type RouteHead, routeHead } from './head';
import type { ArtistData } from './outputs';

// An artist profile's head: a Person, a tattoo artist, with the styles they know, the studios they
// work at and their published links; the avatar as the preview image.

type Artist = Pick<
  ArtistData,
  'id' | 'urlSlug' | 'name' | 'displayName' | 'bio' | 'city' | 'state' | 'tattooStyles' | 'socials' | 'photoUrl' | 'studios'
>;

/** The links the artist published that are web addresses (a bare handle is not one). */
const webLinks = (socials: Artist['socials']) =>
  Object.values(socials ?? {}).filter((value): value is string => typeof value === 'string' && /^https?:\/\/\S+$/i.test(value.trim()));

export function artistJsonLd(artist: Artist, origin: string): JsonLd {
  const url = absoluteUrl(origin, artistPath(artist));
  const sameAs = webLinks(artist.socials);
  const place = [artist.city, artist.state].filter(Boolean);
  return {
    '@type': 'Person',
    '@id': `${url}#artist`,
    name: artist.name || artist.displayName,
    ...(artist.displayName && artist.displayName !== artist.name && { alternateName: artist.displayName }),
    url,
    jobTitle: 'Tattoo artist',
    ...(artist.bio?.trim() && { description: artist.bio.trim() }),
    ...(artist.photoUrl && { image: absoluteUrl(origin, artist.photoUrl) }),
    ...(artist.tattooStyles.length > 0 && { knowsAbout: artist.tattooStyles }),
    ...(artist.studios.length > 0 && {
      worksFor: artist.studios.map((studio) => ({
        '@type': 'TattooParlor',
        name: studio.name,
        url: absoluteUrl(origin, studioPath(studio)),
      })),
    }),
    ...(place.length > 0 && {
      homeLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          ...(artist.city && { addressLocality: artist.city }),
          ...(artist.state && { addressRegion: artist.state }),
        },
      },
    }),
    ...(sameAs.length > 0 && { sameAs }),
  };
}

export function artistPageHead(artist: Artist, origin: string): PageHead {
  const name = artist.name || artist.displayName;
  const styles = artist.tattooStyles.slice(0, 3).join(', ');
  const place = [artist.city, artist.state].filter(Boolean).join(', ');
  const fallback = `${name} is a tattoo artist${place ? ` in ${place}` : ''}${styles ? ` (${styles})` : ''} on InkLink: portfolio, flash and booking.`;
  return {
    title: `${name} — tattoo artist`,
    description: describe(artist.bio, fallback),
    url: absoluteUrl(origin, artistPath(artist)),
    image: artist.photoUrl ? { url: absoluteUrl(origin, artist.photoUrl), alt: name } : undefined,
    type: 'profile',
    jsonLd: artistJsonLd(artist, origin),
  };
}

/** The route `head` of an artist profile, from its loader's data. */
export const artistHead = (artist: Artist | undefined, origin: string): RouteHead =>
  artist ? routeHead(artistPageHead(artist, origin)) : {};
