import sharp from 'sharp';
import type { ServiceCtx } from '../../service-context';
import { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, mainKeyOf, PREVIEW_JPEG_QUALITY, PREVIEW_JPEG_WIDTH, previewJpegKeyOf } from './rules';
import { fileVisibilityFor } from './visibility';

// The JPEG of a public image for link previews (issue 20; rules.ts PREVIEW_JPEG_*): made from the
// stored WebP the first time a preview bot asks, then kept beside it in storage, so images uploaded
// before it existed need no backfill. Bounded: one conversion at a time per image (requests made
// together share it), at most CONVERSIONS_AT_ONCE in the process (others wait their turn), and no
// stored file above the upload limit is decoded.

/** A stored main image is at most 1920x1080 WebP, far below this: a larger file is not ours to decode. */
const MAX_SOURCE_BYTES = MAX_UPLOAD_BYTES;

const converting = new Map<string, Promise<Buffer | null>>();

/** Conversions running in the process at once: a flood of distinct images queues, not the CPU. */
const CONVERSIONS_AT_ONCE = 2;
let running = 0;
const waiting: Array<() => void> = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONVERSIONS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next waiter (`running` unchanged), else it is given back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * The preview JPEG of the image stored at `key` (the image or one of its cuts), or null when it is
 * not a public image (a private photo is refused to everyone, its parties too: a preview is public).
 */
export async function previewJpeg(ctx: ServiceCtx, key: string): Promise<Buffer | null> {
  if (!key.endsWith('.webp')) return null;
  const mainKey = mainKeyOf(key);
  if ((await fileVisibilityFor({ ...ctx, user: null }, mainKey)) !== 'public') return null;
  const jpegKey = previewJpegKeyOf(mainKey);
  const stored = await ctx.deps.storage.read(jpegKey);
  if (stored) return stored;
  const pending = converting.get(jpegKey);
  if (pending) return pending;
  const conversion = inTurn(() => convert(ctx, mainKey, jpegKey)).finally(() => converting.delete(jpegKey));
  converting.set(jpegKey, conversion);
  return conversion;
}

async function convert(ctx: ServiceCtx, mainKey: string, jpegKey: string): Promise<Buffer | null> {
  const source = await ctx.deps.storage.read(mainKey);
  if (!source || source.length > MAX_SOURCE_BYTES) return null;
  // sharp writes no metadata (EXIF, ICC, XMP) unless asked to; a transparent logo goes on white.
  const jpeg = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: PREVIEW_JPEG_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: PREVIEW_JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
  await ctx.deps.storage.put(jpegKey, jpeg, 'image/jpeg', 'public');
  return jpeg;
}
