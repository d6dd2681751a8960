import type { TrpcUtils } from '../../trpc';

type GalleryImageType = 'portfolio' | 'flash';
const nextCursor = (page: { nextCursor: string | null }) => page.nextCursor;

/** An account's gallery (AccountGallery): what a page's loader loads first and the gallery reads, under one key. */
export const accountGalleryQuery = (utils: TrpcUtils, accountId: string, imageType: GalleryImageType) =>
  utils.image.list.infiniteQueryOptions({ accountId, imageType }, { getNextPageParam: nextCursor });

/** A studio's gallery with its artists' work (StudioGallery, useArtistsPortfolios / useArtistsFlashes). */
export const studioGalleryQuery = (utils: TrpcUtils, studioId: string, imageType: GalleryImageType) =>
  utils.image.studioGallery.infiniteQueryOptions({ studioId, imageType }, { getNextPageParam: nextCursor });
