import { describe, expect, it } from 'vitest';
import { paymentBreakdown } from '../../server/domains/payments/rules';
import { storefrontApplicationFee } from '../../server/domains/storefronts/rules';
import { breakdownRows } from '../../src/features/payments/breakdownRows';

// Decision 043's breakdown on the storefront path (decision 038): the buyer pays the order total,
// nothing added; the application fee the order stores is deducted from the seller; card
// processing is InkLink's. What the checkout shows is what the charge takes.

describe('storefront card checkout: who pays what', () => {
  it('the buyer pays the total; the seller receives it less the application fee the order stores', () => {
    expect(paymentBreakdown(1_999, 'storefront')).toEqual({
      payerTotal: 1_999,
      fees: [
        { kind: 'processing', cents: 88, borneBy: 'platform' },
        { kind: 'platform', cents: 108, borneBy: 'recipient' },
      ],
      recipientReceives: 1_891,
    });
  });

  it('adds up to the cent at every total, with the same fee the order is charged (capped at the total)', () => {
    for (const total of [1, 29, 30, 31, 100, 1_282, 1_283, 9_999, 100_000, 1_000_000]) {
      const shown = paymentBreakdown(total, 'storefront');
      const fee = shown.fees.find((f) => f.kind === 'platform')?.cents ?? 0;
      expect(fee).toBe(storefrontApplicationFee(total));
      expect(shown.payerTotal).toBe(total);
      expect(shown.recipientReceives + fee).toBe(total);
      expect(shown.recipientReceives).toBeGreaterThanOrEqual(0);
    }
    // Below 30¢ the fee is the whole total and the seller receives nothing (never negative).
    expect(paymentBreakdown(25, 'storefront').recipientReceives).toBe(0);
  });

  it("reads, for the buyer, as the seller's fee and what the seller receives, then the buyer's total", () => {
    expect(breakdownRows(paymentBreakdown(1_999, 'storefront'), { viewer: 'payer', recipientName: 'Ink Shop' })).toEqual([
      { label: 'Card processing fee ($0.88)', value: 'Paid by InkLink' },
      { label: 'Platform fee ($1.08)', value: 'Paid by Ink Shop' },
      { label: 'Ink Shop receives', value: '$18.91' },
      { label: 'You pay', value: '$19.99', total: true },
    ]);
  });
});
