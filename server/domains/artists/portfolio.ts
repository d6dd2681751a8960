import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ImageType, type ImageVariant, images } from '../../db/schema';

/** A portfolio image as cards show it: the stored WebP, its size and, when it has variants, a srcset. */
export type PortfolioThumb = { id: string; url: string; width: number | null; height: number | null; srcSet: string | null };

/** How many of an artist's newest portfolio pieces the artists listing shows on a card. */
export const CARD_PORTFOLIO_IMAGES = 3;

/** Every stored width, smallest first (the browser picks by the `sizes` the page gives); none without variants. */
export function srcSetOf(image: { url: string; width: number | null; variants: ImageVariant[] | null }): string | null {
  if (!image.width || !image.variants?.length) return null;
  const widths = new Map<number, string>();
  for (const v of image.variants) if (v.width < image.width) widths.set(v.width, v.url);
  widths.set(image.width, image.url);
  return [...widths]
    .sort(([a], [b]) => a - b)
    .map(([w, url]) => `${url} ${w}w`)
    .join(', ');
}

/**
 * The newest public portfolio images (or of another public type: a studio's banners) of each
 * account (user or studio), `perAccount` each, for a
 * whole page of cards in ONE query: a lateral join over the ids, each side an index scan of
 * images_account_type_created_idx (account, type, newest first) that stops after `perAccount` rows.
 */
export async function newestPortfolioImages(
  db: Db,
  accountIds: string[],
  perAccount = CARD_PORTFOLIO_IMAGES,
  imageType: ImageType = 'portfolio',
) {
  const byAccount = new Map<string, PortfolioThumb[]>(accountIds.map((id) => [id, []]));
  if (accountIds.length === 0) return byAccount;
  const newest = db
    .select({
      id: images.id,
      url: images.url,
      width: images.width,
      height: images.height,
      variants: images.variants,
      createdAt: images.createdAt,
    })
    .from(images)
    .where(and(sql`${images.accountId} = owners.id`, eq(images.imageType, imageType), eq(images.visibility, 'public')))
    .orderBy(sql`${images.createdAt} desc nulls first`, desc(images.id))
    .limit(perAccount)
    .as('newest');
  const rows = await db
    .select({
      accountId: sql<string>`owners.id`,
      id: newest.id,
      url: newest.url,
      width: newest.width,
      height: newest.height,
      variants: newest.variants,
    })
    .from(
      sql`unnest(array[${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]) as owners(id)`,
    )
    .innerJoinLateral(newest, sql`true`)
    .orderBy(sql`owners.id`, sql`${newest.createdAt} desc nulls first`, desc(newest.id));
  for (const { accountId, ...image } of rows) {
    byAccount.get(accountId)?.push({ id: image.id, url: image.url, width: image.width, height: image.height, srcSet: srcSetOf(image) });
  }
  return byAccount;
}
