import type { RouterContext } from '../../router';
import { accountGalleryQuery, studioGalleryQuery } from '../images/galleryQueries';
import { optionalPrefetch, optionalPrefetchInfinite } from '../storefronts/optionalPrefetch';
import { showcaseQuery } from '../storefronts/showcaseQuery';
import { type StudioHandle, studioQuery } from './studioQuery';

/**
 * The loader of /studio/{slug} and /studio/id/{id}: the studio (the page's error when missing),
 * then, together, its Shop section and the first page of its portfolio and flash galleries (its
 * residents' work alongside its own when it shows its artists' portfolios or flashes), so the
 * server's HTML shows them rather than skeletons.
 */
export async function loadStudioPage({ queryClient, trpcUtils }: RouterContext, handle: StudioHandle) {
  const studio = await queryClient.ensureQueryData(studioQuery(trpcUtils, handle));
  const gallery = (imageType: 'portfolio' | 'flash', useArtists: boolean) =>
    optionalPrefetchInfinite(
      queryClient,
      useArtists ? studioGalleryQuery(trpcUtils, studio.id, imageType) : accountGalleryQuery(trpcUtils, studio.id, imageType),
    );
  await Promise.all([
    optionalPrefetch(queryClient, showcaseQuery(trpcUtils, { ownerType: 'shop', ownerId: studio.id })),
    gallery('portfolio', studio.useArtistsPortfolios),
    gallery('flash', studio.useArtistsFlashes),
  ]);
  return studio;
}
