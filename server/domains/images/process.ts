import sharp, { type Sharp } from 'sharp';
import { AppError, invalid } from '../../lib/errors';
import { decodeHeicToRaw } from './heic';
import {
  type DetectedType,
  detectImageType,
  hasTrailingData,
  IMAGE_MESSAGES,
  type ImageType,
  decodeSize,
  jpegShrink,
  MAX_HEIGHT,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  MAX_WIDTH,
  variantsFor,
  webpQuality,
} from './rules';
import { withScaledJpeg } from './scaled-jpeg';

// libwebp effort, measured on a 1440x1080 stored image (CPU ms / KB, efforts 0-1-2-3-4): photo
// 50/72 65/70 72/59 168/55 179/55, smooth gradient 36/55 46/52 67/52 180/51 194/51. Effort 2 is
// where files stop shrinking cheaply: 0-1 store up to 20% more bytes, 3+ cost 2.5x for 7% less.
// Measured again on 12 photos (decision 003): effort 1 would save ~10 ms of CPU per upload with
// the same SSIM, but every image would be 8% (median 11%) larger for everyone who views it.
const WEBP_EFFORT = 2;

export type ProcessedImage = {
  main: { data: Buffer; width: number; height: number };
  variants: Array<{ label: string; data: Buffer; width: number; height: number }>;
  sourceType: DetectedType;
};

/**
 * Decodes an upload and re-encodes it as WebP: the type comes from magic bytes, decompression bombs
 * are refused before decoding, truncated files fail, and nothing of the original survives (no
 * metadata, no trailing payload). Throws AppError with the message to show.
 */
export async function processImage(bytes: Buffer, imageType: ImageType): Promise<ProcessedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
  const type = detectImageType(bytes);
  if (!type) throw invalid(IMAGE_MESSAGES.unsupported);
  if (hasTrailingData(bytes, type)) throw invalid(IMAGE_MESSAGES.hiddenData);

  const heic = type === 'heic' ? await decodeHeicToRaw(bytes) : null;
  const open = () =>
    heic
      ? sharp(heic.data, { raw: { width: heic.width, height: heic.height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS })
      : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated: false });
  let width: number;
  let height: number;
  try {
    const meta = await open().metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (error) {
    throw translate(error);
  }
  if (!width || !height) throw invalid(IMAGE_MESSAGES.unreadable);
  if (width * height > MAX_INPUT_PIXELS) throw invalid(IMAGE_MESSAGES.tooManyPixels);

  try {
    // Decoded once, then every output is cut from that pixel buffer (each decode of a 12 MP photo
    // costs ~25 ms of entropy decoding whatever its scale, so one per output was most of an
    // upload's CPU). A JPEG is decoded by libjpeg itself at 1/2, 1/4 or 1/8 scale when that
    // leaves a downscale of 1.3 or more (jpegShrink, scaled-jpeg.ts): 4000x3000 is decoded at
    // 2000x1500, then resized to 1440x1080, where a whole decode cost ~10 ms more.
    const size = decodeSize(width, height, imageType);
    const toPixels = (input: Sharp) =>
      input
        .rotate()
        .resize({ ...size, fit: 'fill' })
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
    const shrink = type === 'jpeg' ? jpegShrink(width, height, size) : 1;
    const scaled =
      shrink === 1
        ? null
        : await withScaledJpeg(bytes, shrink, (file) => toPixels(sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })));
    const decoded = scaled ?? (await toPixels(open()));
    const fromDecoded = () =>
      sharp(decoded.data, { raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels } });
    const [main, ...variants] = await Promise.all([
      fromDecoded()
        .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: webpQuality(Math.min(width, MAX_WIDTH)), effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true }),
      ...variantsFor(imageType).map((v) =>
        fromDecoded()
          .resize({ width: v.width, height: v.height, fit: v.fit, withoutEnlargement: v.fit === 'inside' })
          .webp({ quality: webpQuality(v.width), effort: WEBP_EFFORT })
          .toBuffer({ resolveWithObject: true }),
      ),
    ]);
    const labels = variantsFor(imageType).map((v) => v.label);
    return {
      main: { data: main.data, width: main.info.width, height: main.info.height },
      variants: variants.map((out, i) => ({ label: labels[i], data: out.data, width: out.info.width, height: out.info.height })),
      sourceType: type,
    };
  } catch (error) {
    throw translate(error);
  }
}

function translate(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return invalid(IMAGE_MESSAGES.tooManyPixels);
  return invalid(IMAGE_MESSAGES.unreadable);
}
