import { describe, expect, it } from 'vitest';
import { REQUEST_CASES, requestCase } from '../../src/admin/payments/requestCases';

// The admin's payment-request cases describe the fees in the words of decision 043's breakdown:
// who bears each fee and what the requester receives, never "payee receives".

describe('admin payment-request cases', () => {
  it('reads a $50 request as the pay dialog does', () => {
    expect(requestCase(REQUEST_CASES[0])).toEqual({
      ok: true,
      summary:
        "status pending; the client's pay dialog: Card processing fee ($1.75): Paid by InkLink · Platform fee ($0.50): Paid by the requester · The requester receives: $49.50 · You pay: $50.00",
    });
    expect(REQUEST_CASES.map((c) => requestCase(c).summary).join('\n')).not.toMatch(/payee receives/i);
  });

  it('reports the refusal a requester without a payout account gets, not a request waiting in recipient_setup (decision 043)', () => {
    const unready = REQUEST_CASES.find((c) => !c.requesterReady);
    if (!unready) throw new Error('expected a case for a requester who cannot receive');
    expect(requestCase(unready)).toEqual({
      ok: false,
      summary: 'Set up your payout account before requesting payment: payment account not set up',
    });
  });
});
