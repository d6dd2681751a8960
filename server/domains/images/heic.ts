import decodeHeic from 'heic-decode';
import { invalid } from '../../lib/errors';
import { IMAGE_MESSAGES, MAX_INPUT_PIXELS } from './rules';

type HeicList = Awaited<ReturnType<typeof decodeHeic.all>>;

/**
 * iPhone photos arrive as HEIC, which sharp's prebuilt binaries cannot decode (no HEVC). libheif
 * compiled to WebAssembly (heic-decode) does: the first image's size is read from the header and
 * checked against the pixel cap before anything is decoded; the result is raw RGBA for sharp.
 */
export async function decodeHeicToRaw(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  let images: HeicList;
  try {
    images = await decodeHeic.all({ buffer: bytes });
  } catch {
    throw invalid(IMAGE_MESSAGES.heic);
  }
  try {
    const first = images[0];
    if (!first) throw invalid(IMAGE_MESSAGES.heic);
    if (first.width * first.height > MAX_INPUT_PIXELS) throw invalid(IMAGE_MESSAGES.tooManyPixels);
    const decoded = await first.decode().catch(() => {
      throw invalid(IMAGE_MESSAGES.heic);
    });
    return { data: Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), width: decoded.width, height: decoded.height };
  } finally {
    images.dispose();
  }
}
