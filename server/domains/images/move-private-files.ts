import { and, asc, eq, gt, isNotNull, not, like, sql } from 'drizzle-orm';
import { images, messages, pendingFileDeletions } from '../../db/schema';
import { type ServiceCtx, withTransaction } from '../../service-context';
import { PRIVATE_FOLDER } from '../../providers/storage';
import { drainFileDeletions } from '../maintenance/shop-deletes';

const BATCH = 100;

type Row = Pick<typeof images.$inferSelect, 'id' | 'url' | 'storageKey' | 'variants'>;

/**
 * Private photos stored before migration 0023 sit in their owner's public folder (on S3: linked to
 * the bucket, public-read). This moves each under private/, where only the app serves it: its files
 * are copied first; then one transaction points the image row and every message carrying it at the
 * new URL and queues the old files in pending_file_deletions; then those are deleted (a crash
 * leaves them queued for the next cleanup run, never a public copy without a record). Safe to run
 * again: it picks private rows whose key is not under private/ yet.
 */
export async function movePrivateFiles(ctx: ServiceCtx, log: (line: string) => void = () => {}) {
  let moved = 0;
  let failed = 0;
  let after: string | null = null;
  for (;;) {
    const batch: Row[] = await ctx.db
      .select({ id: images.id, url: images.url, storageKey: images.storageKey, variants: images.variants })
      .from(images)
      .where(
        and(
          eq(images.visibility, 'private'),
          isNotNull(images.storageKey),
          not(like(images.storageKey, `${PRIVATE_FOLDER}%`)),
          after ? gt(images.id, after) : undefined,
        ),
      )
      .orderBy(asc(images.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].id;
    for (const image of batch) {
      try {
        await moveOne(ctx, image);
        moved++;
      } catch (error) {
        failed++;
        log(`ERROR moving image ${image.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  log(`Moved ${moved} private images under ${PRIVATE_FOLDER}; ${failed} failed.`);
  return { moved, failed };
}

async function moveOne(ctx: ServiceCtx, image: Row) {
  const { storage } = ctx.deps;
  const files = [
    { url: image.url, key: image.storageKey as string },
    ...image.variants.map((v) => ({ url: v.url, key: storage.keyFromUrl(v.url) })),
  ];
  const copies = new Map<string, string>();
  for (const file of files) {
    const body = file.key && (await storage.read(file.key));
    if (!file.key || !body) throw new Error(`stored file of ${file.url} not found`);
    copies.set(file.url, await storage.put(`${PRIVATE_FOLDER}${file.key}`, body, 'image/webp', 'private'));
  }
  const newUrl = copies.get(image.url) as string;
  const oldKeys = files.map((f) => f.key as string);
  await withTransaction(ctx, async (tx) => {
    const [updated] = await tx.db
      .update(images)
      .set({
        url: newUrl,
        storageKey: `${PRIVATE_FOLDER}${image.storageKey}`,
        variants: image.variants.map((v) => ({ ...v, url: copies.get(v.url) ?? v.url })),
        updatedAt: tx.deps.clock.now(),
      })
      .where(and(eq(images.id, image.id), eq(images.url, image.url)))
      .returning({ id: images.id });
    if (!updated) throw new Error('changed while it was being moved');
    // The conversations it was sent in show it, and its parties are found, by its URL.
    await tx.db
      .update(messages)
      .set({
        attachments: sql`(select jsonb_agg(case when a ->> 'url' = ${image.url} then jsonb_set(a, '{url}', to_jsonb(${newUrl}::text)) else a end order by n)
          from jsonb_array_elements(${messages.attachments}) with ordinality as e(a, n))`,
      })
      .where(sql`${messages.attachments} @> ${JSON.stringify([{ url: image.url }])}::jsonb`);
    await tx.db
      .insert(pendingFileDeletions)
      .values(oldKeys.map((key) => ({ key, reason: `image.private_move:${image.id}` })))
      .onConflictDoNothing();
  });
  await drainFileDeletions(ctx, oldKeys);
}
