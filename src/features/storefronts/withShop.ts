import type { RouterContext } from '../../router';
import { type StorefrontOwner, showcaseQuery } from './showcaseQuery';

/**
 * A route loader for a page with a Shop section: once the page's own data is loaded (`main`),
 * loads its owner's storefront too, so the first screen (and the server's HTML) has the section
 * or, for an owner without a storefront, nothing at all. A failed section load leaves the page to
 * show without it (the section asks again).
 */
export async function withShop<T>(context: RouterContext, main: Promise<T>, owner: (data: T) => StorefrontOwner): Promise<T> {
  const data = await main;
  await context.queryClient.ensureQueryData(showcaseQuery(context.trpcUtils, owner(data))).catch(() => undefined);
  return data;
}
