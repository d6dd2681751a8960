import { describe, expect, it } from 'vitest';
import { STOREFRONT_APPLICATION_FEE, STOREFRONT_FEE_TEXT, storefrontApplicationFee } from '../../server/domains/storefronts/rules';

// Decision 038: 3.9% + 30¢ of a card order's total, rounded half up, never more than the total.
describe('storefrontApplicationFee', () => {
  it('is 3.9% of the total rounded half up, plus 30¢', () => {
    expect(STOREFRONT_APPLICATION_FEE).toEqual({ rateBps: 390, fixedCents: 30 });
    expect(storefrontApplicationFee(10_000)).toBe(420); // $100.00 → $3.90 + $0.30
    expect(storefrontApplicationFee(3_400)).toBe(163); // 132.6¢ → 133¢, + 30¢
    expect(storefrontApplicationFee(1_999)).toBe(108); // 77.961¢ → 78¢
    expect(storefrontApplicationFee(500)).toBe(50); // 19.5¢ → 20¢ (half up)
    expect(storefrontApplicationFee(499)).toBe(49); // 19.461¢ → 19¢
  });

  it('never takes more than the total', () => {
    expect(storefrontApplicationFee(0)).toBe(0);
    expect(storefrontApplicationFee(25)).toBe(25);
    expect(storefrontApplicationFee(31)).toBe(31);
    expect(storefrontApplicationFee(32)).toBe(31);
  });

  it('reads as the seller sees it', () => {
    expect(STOREFRONT_FEE_TEXT).toBe('3.9% + $0.30 per card sale');
  });
});
