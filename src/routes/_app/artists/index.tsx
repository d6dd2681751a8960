import { createFileRoute } from '@tanstack/react-router';
import { ArtistsPage } from '../../../features/artists/ArtistsPage';
import { ARTIST_SEARCH_START } from '../../../features/artists/artistQuery';

export const Route = createFileRoute('/_app/artists/')({
  staticData: { serverRender: true },
  loader: ({ context: { queryClient, trpcUtils } }) =>
    queryClient.ensureInfiniteQueryData(trpcUtils.artist.search.infiniteQueryOptions(ARTIST_SEARCH_START, { getNextPageParam: (page) => page.nextCursor })),
  component: ArtistsPage,
});
