import { describe, expect, it } from 'vitest';
import { decodeSize, jpegShrink } from '../../server/domains/images/rules';

describe('jpegShrink: the scale libjpeg decodes an upload at', () => {
  it('halves a 12 MP photo bound for 1440x1080 (2000x1500, then a downscale by less than 2)', () => {
    expect(jpegShrink(4000, 3000, decodeSize(4000, 3000, 'avatar'))).toBe(2);
    expect(jpegShrink(4032, 3024, decodeSize(4032, 3024, 'portfolio'))).toBe(2);
    expect(jpegShrink(3000, 4000, decodeSize(3000, 4000, 'avatar'))).toBe(2);
  });

  it('takes the largest scale that leaves at least a 1.3 downscale in both dimensions', () => {
    expect(jpegShrink(10000, 5625, { width: 1920, height: 1080 })).toBe(4);
    expect(jpegShrink(8000, 4500, { width: 1920, height: 1080 })).toBe(2);
    expect(jpegShrink(3744, 2808, { width: 1440, height: 1080 })).toBe(2);
    expect(jpegShrink(3742, 2808, { width: 1440, height: 1080 })).toBe(1);
    expect(jpegShrink(3744, 2806, { width: 1440, height: 1080 })).toBe(1);
    expect(jpegShrink(16000, 8000, { width: 1000, height: 500 })).toBe(8);
  });

  it('decodes whole when half scale would already be about the target size (its softness shows there)', () => {
    expect(jpegShrink(2880, 2160, { width: 1440, height: 1080 })).toBe(1);
    expect(jpegShrink(3000, 2250, decodeSize(3000, 2250, 'portfolio'))).toBe(1);
  });

  it('never shrinks what is decoded at or near its own size, nor a panorama that keeps its height for the variants', () => {
    expect(jpegShrink(1600, 1200, decodeSize(1600, 1200, 'portfolio'))).toBe(1);
    expect(jpegShrink(200, 150, decodeSize(200, 150, 'avatar'))).toBe(1);
    expect(jpegShrink(8000, 1000, decodeSize(8000, 1000, 'avatar'))).toBe(1);
  });
});
