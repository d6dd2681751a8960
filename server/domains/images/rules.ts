// Pure rules of images (spec 1 §5, §9): accepted types by magic bytes, sizes, variants, quality.

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: no image above 40 megapixels is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_WIDTH = 1920;
export const MAX_HEIGHT = 1080;
export const IMAGE_PAGE_SIZE = 20;
export const IMAGE_TYPES = ['portfolio', 'flash', 'reference', 'avatar', 'banner', 'product'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/**
 * The kinds POST /api/images takes for an account. Product photos are uploaded to their product
 * (POST /api/products/:productId/photos), which places them in its ordered list.
 */
export const ACCOUNT_IMAGE_TYPES = ['portfolio', 'flash', 'reference', 'avatar', 'banner'] as const satisfies readonly ImageType[];

/**
 * Photos sent in conversations and attached to booking requests (uploaded as the sender's
 * `reference` images) are private to the parties of that conversation or request; every other
 * kind (portfolio, flash, avatar, banner) is shown to everyone.
 */
export type ImageVisibility = 'public' | 'private';
export const PRIVATE_IMAGE_TYPES: readonly ImageType[] = ['reference'];
export const visibilityOf = (type: ImageType): ImageVisibility => (PRIVATE_IMAGE_TYPES.includes(type) ? 'private' : 'public');

/**
 * The stored key of the image a file belongs to: a variant `<folder>/<name>-500-156.webp` is a cut
 * of `<folder>/<name>.webp` (names are base32, without dashes), so it is served by that image's rule.
 */
export const mainKeyOf = (key: string) => key.replace(/\/([a-z0-9]+)(-[0-9]+)+\.webp$/, '/$1.webp');

export const IMAGE_MESSAGES = {
  tooLarge: 'Image must be 5 MB or smaller',
  unsupported: 'Unsupported image type. Use JPEG, PNG, GIF or WebP',
  heic: 'Failed to convert HEIC image. Please try a different image format.',
  tooManyPixels: 'Image dimensions are too large',
  unreadable: 'Failed to load image',
  hiddenData: 'Image contains unexpected data after its end',
  noFile: 'Choose an image to upload',
} as const;

export type DetectedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic';

/** The real type from the file's first bytes; the name and the client's MIME type are ignored. */
export function detectImageType(bytes: Uint8Array): DetectedType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(ascii(8, 12)))
    return 'heic';
  return null;
}

/**
 * Bytes after the image's end marker (JPEG EOI, PNG IEND) are how polyglots (JPEG + ZIP, PNG +
 * script) hide a second file; a real camera or editor leaves at most a little padding.
 */
export function hasTrailingData(bytes: Uint8Array, type: DetectedType): boolean {
  const SLACK = 16;
  if (type === 'jpeg') {
    for (let i = bytes.length - 2; i >= 2; i--) {
      if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return bytes.length - (i + 2) > SLACK;
    }
    return false;
  }
  if (type === 'png') {
    const iend = Buffer.from(bytes).lastIndexOf('IEND');
    return iend !== -1 && bytes.length - (iend + 8) > SLACK;
  }
  return false;
}

/** Spec 1 §9: quality 0.8, or 0.75 when the image is wider than 1000px. */
export const webpQuality = (width: number) => (width > 1000 ? 75 : 80);

export type Variant = { label: string; width: number; height: number; fit: 'inside' | 'cover' };

/**
 * Widths of a product photo's variants, for the srcset of product cards (about 300 px wide, twice
 * that on a dense screen) and of the product page (up to ~600 px): each kept inside a square of
 * that side, never enlarged.
 */
export const PRODUCT_PHOTO_WIDTHS = [320, 640, 960] as const;

/**
 * Widths of a portfolio piece's variants, for the srcset of the cards that show an artist's newest
 * work (about 100–200 px wide, twice that on a dense screen); the galleries keep the stored image.
 */
export const PORTFOLIO_CARD_WIDTHS = [320, 640] as const;

/**
 * Sizes stored for each image type: avatars 100/300/600, banners 500x156/640x200/800x250, product
 * photos 320/640/960, portfolio pieces 320/640.
 */
export function variantsFor(type: ImageType): Variant[] {
  if (type === 'portfolio') return PORTFOLIO_CARD_WIDTHS.map((s) => ({ label: `${s}`, width: s, height: s, fit: 'inside' }));
  if (type === 'product') return PRODUCT_PHOTO_WIDTHS.map((s) => ({ label: `${s}`, width: s, height: s, fit: 'inside' }));
  if (type === 'avatar') return [100, 300, 600].map((s) => ({ label: `${s}`, width: s, height: s, fit: 'cover' }));
  if (type === 'banner') {
    return [
      [500, 156],
      [640, 200],
      [800, 250],
    ].map(([w, h]) => ({ label: `${w}x${h}`, width: w, height: h, fit: 'cover' }));
  }
  return [];
}

/**
 * The one size an upload is decoded to: just large enough that the stored image (inside
 * 1920x1080) and every variant (cover) are cut from it by downscaling, never by enlarging more
 * than the source itself would be. A 4000x3000 avatar decodes to 1440x1080, the stored size.
 */
export function decodeSize(width: number, height: number, type: ImageType): { width: number; height: number } {
  const mainScale = Math.min(MAX_WIDTH / width, MAX_HEIGHT / height);
  // A cover variant fills its box (the larger scale); an inside one fits in it (the smaller).
  const variantScales = variantsFor(type).map((v) => (v.fit === 'cover' ? Math.max : Math.min)(v.width / width, v.height / height));
  const scale = Math.min(1, Math.max(mainScale, ...variantScales));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The JPEG decoder's own scale (libjpeg's scaled IDCT: 1/2, 1/4 or 1/8) for an image decoded to
 * `target`: the largest that still leaves a downscale of at least 1.3 for the resampler (a
 * 4000x3000 photo decodes at 2000x1500, then 1440x1080). Measured on 12 photos against a
 * full-scale decode, the stored image loses 0.2 dB PSNR there, and up to 0.6 dB when the scaled
 * decode is itself about the target size (3000x2250 at 1/2), so those take the next larger scale. Counted
 * in whole pixels rounded down, so libjpeg's rounding can never leave the image short.
 */
export const MIN_RESAMPLE_AFTER_JPEG_SHRINK = 1.3;

export function jpegShrink(width: number, height: number, target: { width: number; height: number }): 1 | 2 | 4 | 8 {
  for (const shrink of [8, 4, 2] as const) {
    const w = Math.floor(width / shrink);
    const h = Math.floor(height / shrink);
    if (w >= target.width * MIN_RESAMPLE_AFTER_JPEG_SHRINK && h >= target.height * MIN_RESAMPLE_AFTER_JPEG_SHRINK) return shrink;
  }
  return 1;
}

/**
 * Link previews (issue 20): several preview bots (older Facebook, LinkedIn, iMessage and Slack
 * crawlers) show no WebP, so og:image and twitter:image name a JPEG of the image, made by
 * GET /og-image.jpg?src=<image URL> (server/http/preview-jpeg.ts) at most this wide, and stored
 * beside the image under `previewJpegKeyOf` its key.
 */
export const PREVIEW_JPEG_PATH = '/og-image.jpg';
export const PREVIEW_JPEG_WIDTH = 1200;
export const PREVIEW_JPEG_QUALITY = 85;
/** `<folder>/<name>.webp` → `<folder>/<name>-og.jpg` (never a key of an image or its cuts: those are .webp). */
export const previewJpegKeyOf = (key: string) => mainKeyOf(key).replace(/\.webp$/, '-og.jpg');
/** The preview JPEG's size for an image of `width` x `height` (not enlarged; height as libvips rounds it). */
export function previewJpegSize(width: number, height: number) {
  const w = Math.min(width, PREVIEW_JPEG_WIDTH);
  return { width: w, height: Math.max(1, Math.round((height * w) / width)) };
}
