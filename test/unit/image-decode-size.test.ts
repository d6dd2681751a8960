import { describe, expect, it } from 'vitest';
import { decodeSize, variantsFor } from '../../server/domains/images/rules';

describe('decodeSize: the one size an upload is decoded to', () => {
  it('is the stored size when that already covers every variant (a 4000x3000 avatar decodes to 1440x1080)', () => {
    expect(decodeSize(4000, 3000, 'avatar')).toEqual({ width: 1440, height: 1080 });
    expect(decodeSize(4000, 3000, 'portfolio')).toEqual({ width: 1440, height: 1080 });
  });

  it('keeps enough pixels for every cover variant when the stored size would not (a panorama avatar)', () => {
    const size = decodeSize(8000, 1000, 'avatar');
    expect(size).toEqual({ width: 4800, height: 600 });
    for (const v of variantsFor('avatar')) expect(size.width >= v.width && size.height >= v.height).toBe(true);
    expect(decodeSize(8000, 500, 'banner')).toEqual({ width: 4000, height: 250 });
  });

  it('never enlarges: a small image is decoded at its own size', () => {
    expect(decodeSize(200, 150, 'avatar')).toEqual({ width: 200, height: 150 });
    expect(decodeSize(1920, 1080, 'flash')).toEqual({ width: 1920, height: 1080 });
  });
});
