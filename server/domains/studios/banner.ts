import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ImageVariant, images } from '../../db/schema';

/** A studio's banner as its page shows it: the stored image and its cut sizes (500, 640, 800 wide). */
export type StudioBanner = { url: string; width: number | null; variants: ImageVariant[] };

/**
 * The newest banner image uploaded to a studio (its managers upload them on the manage page), or
 * null. Read with the studio rather than copied onto it, so deleting the newest one shows the
 * one before it.
 */
export async function newestStudioBanner(db: Db, shopId: string): Promise<StudioBanner | null> {
  const [banner] = await db
    .select({ url: images.url, width: images.width, variants: images.variants })
    .from(images)
    .where(and(eq(images.accountId, shopId), eq(images.accountType, 'shop'), eq(images.imageType, 'banner')))
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(1);
  return banner ?? null;
}
