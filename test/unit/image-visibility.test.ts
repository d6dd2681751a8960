import { describe, expect, it } from 'vitest';
import { IMAGE_TYPES, mainKeyOf, visibilityOf } from '../../server/domains/images/rules';

describe('image visibility', () => {
  it('makes photos sent in conversations and booking requests (reference) private, every other kind (product photos too) public', () => {
    expect(Object.fromEntries(IMAGE_TYPES.map((t) => [t, visibilityOf(t)]))).toEqual({
      portfolio: 'public',
      flash: 'public',
      reference: 'private',
      avatar: 'public',
      banner: 'public',
      product: 'public',
    });
  });

  it('finds the image a stored cut belongs to, so the cut is served by its rule', () => {
    const folder = 'private/users/0b6c4f4e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
    expect(mainKeyOf(`${folder}/abc234.webp`)).toBe(`${folder}/abc234.webp`);
    expect(mainKeyOf(`${folder}/abc234-300.webp`)).toBe(`${folder}/abc234.webp`);
    expect(mainKeyOf(`${folder}/abc234-500-156.webp`)).toBe(`${folder}/abc234.webp`);
    // Dashes in folders (uuids) are not cuts.
    expect(mainKeyOf('users/0b6c4f4e-1d2a/x.webp')).toBe('users/0b6c4f4e-1d2a/x.webp');
  });
});
