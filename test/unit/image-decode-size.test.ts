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

  it('fits inside variants (product photos) in their box instead of filling it: a tall photo decodes to its stored size', () => {
    // 1000x4000: stored at 270x1080; its 960 size fits in 960x960 at 240x960. Filling the box would decode 960x3840.
    expect(decodeSize(1000, 4000, 'product')).toEqual({ width: 270, height: 1080 });
    expect(variantsFor('product').map((v) => [v.label, v.fit])).toEqual([
      ['320', 'inside'],
      ['640', 'inside'],
      ['960', 'inside'],
    ]);
  });

  it('never enlarges: a small image is decoded at its own size', () => {
    expect(decodeSize(200, 150, 'avatar')).toEqual({ width: 200, height: 150 });
    expect(decodeSize(1920, 1080, 'flash')).toEqual({ width: 1920, height: 1080 });
  });
});
