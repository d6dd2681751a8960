import type { RouterContext } from '../../router';
import { accountGalleryQuery } from '../images/galleryQueries';
import { optionalPrefetch, optionalPrefetchInfinite } from '../storefronts/optionalPrefetch';
import { showcaseQuery } from '../storefronts/showcaseQuery';
import { type ArtistHandle, artistQuery } from './artistQuery';

/**
 * The loader of /artist/{slug} and /artist/id/{id}: the artist (the page's error when missing),
 * then, together, their Shop section, the first page of their portfolio and flash and, when their
 * books are open, their services (the bookable flash above the portfolio: loaded in the browser,
 * it pushed the page down, CLS 0.26 at 390 px), so the server's HTML shows them as they stay.
 */
export async function loadArtistPage({ queryClient, trpcUtils }: RouterContext, handle: ArtistHandle) {
  const artist = await queryClient.ensureQueryData(artistQuery(trpcUtils, handle));
  await Promise.all([
    optionalPrefetch(queryClient, showcaseQuery(trpcUtils, { ownerType: 'user', ownerId: artist.userId })),
    optionalPrefetchInfinite(queryClient, accountGalleryQuery(trpcUtils, artist.userId, 'portfolio')),
    optionalPrefetchInfinite(queryClient, accountGalleryQuery(trpcUtils, artist.userId, 'flash')),
    artist.booksOpen ? optionalPrefetch(queryClient, trpcUtils.booking.services.queryOptions({ artistId: artist.userId })) : undefined,
  ]);
  return artist;
}
