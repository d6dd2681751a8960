import { amountField, descriptionField } from '../../../server/domains/payments/inputs';
import {
  breakdownOf,
  CONNECT_MESSAGES,
  initialRequestStatus,
  paymentRequestFees,
  setUpPayoutsFirst,
} from '../../../server/domains/payments/rules';
import { breakdownRows } from '../../features/payments/breakdownRows';

/**
 * Payment-request cases: the spec's limits and fees, checked by the same schema and rules the
 * server uses. `requesterReady`: whether the requester (who is paid) has an active payout account.
 */
export const REQUEST_CASES: Array<{ label: string; amount: number; description: string; requesterReady: boolean }> = [
  { label: '$50.00 deposit, requester can receive', amount: 5000, description: 'Deposit for a forearm piece', requesterReady: true },
  { label: '$50.00, requester without payout setup', amount: 5000, description: 'Deposit', requesterReady: false },
  { label: 'Zero amount', amount: 0, description: 'Nothing', requesterReady: true },
  { label: 'Below the minimum ($0.50)', amount: 50, description: 'Too small', requesterReady: true },
  { label: 'Above the maximum ($10,000.01)', amount: 1_000_001, description: 'Too large', requesterReady: true },
  { label: 'Description of 201 characters', amount: 2500, description: 'x'.repeat(201), requesterReady: true },
];

export function requestCase(c: (typeof REQUEST_CASES)[number]): { ok: boolean; summary: string } {
  const amount = amountField.safeParse(c.amount);
  if (!amount.success) return { ok: false, summary: amount.error.issues[0].message };
  const description = descriptionField.safeParse(c.description);
  if (!description.success) return { ok: false, summary: description.error.issues[0].message };
  // Decision 043: a request is refused before it is sent while the requester cannot receive
  // (createPaymentRequest's refusal, here for a requester with no payout account at all).
  if (!c.requesterReady) return { ok: false, summary: setUpPayoutsFirst(CONNECT_MESSAGES.notSetUp) };
  // Who pays what in the pay dialog's own words (decision 043): the fee each party bears, what the requester receives.
  const rows = breakdownRows(breakdownOf(amount.data, paymentRequestFees(amount.data)), {
    viewer: 'payer',
    recipientName: 'the requester',
  });
  return {
    ok: true,
    summary: `status ${initialRequestStatus(true)}; the client's pay dialog: ${rows.map((row) => `${row.label}: ${row.value}`).join(' · ')}`,
  };
}
