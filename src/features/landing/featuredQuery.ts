import type { RouterContext } from '../../router';
import type { TrpcUtils } from '../../trpc';

/** The landing page's featured artists, studios and products: what `/`'s loader loads and the page reads. */
export const featuredQuery = (utils: TrpcUtils) => utils.discovery.featured.queryOptions();

/**
 * `/`'s loader: for a signed-out visitor (the landing page), the featured rows, so they are in the
 * first screen and in the server's HTML; a signed-in user gets the dashboard, which loads its own.
 * A failed load hides the rows (the page asks again).
 */
export async function loadHome({ queryClient, trpcUtils }: RouterContext) {
  const me = await queryClient.ensureQueryData(trpcUtils.auth.me.queryOptions()).catch(() => null);
  if (!me) await queryClient.ensureQueryData(featuredQuery(trpcUtils)).catch(() => undefined);
}
