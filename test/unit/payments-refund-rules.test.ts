import { describe, expect, it } from 'vitest';
import { platformFeeShare, refundableCents, refundStateOf, withinRefundWindow } from '../../server/domains/payments/rules';
import { DAY } from '../../server/lib/time';

// Decision 039's rules: the platform fee goes back pro rata, and the shares add up to the fee.

describe('platformFeeShare', () => {
  const request = { amount: 10_000, platformFee: 100 };
  it('returns the fee pro rata, rounded to the cent', () => {
    expect(platformFeeShare({ ...request, refundCents: 2_550, alreadyRefundedCents: 0, feeAlreadyReturned: 0 })).toBe(26);
    expect(platformFeeShare({ ...request, refundCents: 1, alreadyRefundedCents: 0, feeAlreadyReturned: 0 })).toBe(0);
  });
  it('the refund that completes the request returns the rest of the fee, whatever the rounding before', () => {
    // Three refunds of $33.33 return 33 cents each (99 in all); the last cent's refund takes the cent left.
    let returned = 0;
    let refunded = 0;
    for (const refundCents of [3_333, 3_333, 3_333, 1]) {
      returned += platformFeeShare({ ...request, refundCents, alreadyRefundedCents: refunded, feeAlreadyReturned: returned });
      refunded += refundCents;
    }
    expect(refunded).toBe(10_000);
    expect(returned).toBe(100);
  });
  it('never returns more than the fee left', () => {
    // The minimum fee (50 cents) on a $1.00 request: every share rounds up and the total still stops at the fee.
    const small = { amount: 100, platformFee: 50 };
    let returned = 0;
    for (let refunded = 0; refunded < 99; refunded++) {
      returned += platformFeeShare({ ...small, refundCents: 1, alreadyRefundedCents: refunded, feeAlreadyReturned: returned });
    }
    expect(returned).toBeLessThanOrEqual(50);
    returned += platformFeeShare({ ...small, refundCents: 1, alreadyRefundedCents: 99, feeAlreadyReturned: returned });
    expect(returned).toBe(50);
  });
});

describe('the refund window and what is left', () => {
  const paidAt = new Date('2026-01-01T00:00:00Z');
  it('is open for 180 days from payment, inclusive', () => {
    expect(withinRefundWindow(paidAt, new Date(paidAt.getTime() + 180 * DAY))).toBe(true);
    expect(withinRefundWindow(paidAt, new Date(paidAt.getTime() + 180 * DAY + 1))).toBe(false);
    expect(withinRefundWindow(null, paidAt)).toBe(false);
  });
  it('only a paid request has something to refund: the amount less settled and claimed refunds', () => {
    const r = { status: 'paid' as const, amount: 10_000, refundedAmount: 2_000, refundPendingAmount: 500, paidAt };
    expect(refundableCents(r)).toBe(7_500);
    expect(refundableCents({ ...r, status: 'pending' })).toBe(0);
    expect(refundStateOf(r)).toBe('partial');
    expect(refundStateOf({ ...r, refundedAmount: 10_000 })).toBe('full');
    expect(refundStateOf({ ...r, refundedAmount: 0 })).toBe('none');
  });
});
