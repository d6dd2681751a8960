import { amountField, descriptionField } from '../../../server/domains/payments/inputs';
import { breakdownOf, initialRequestStatus, paymentRequestFees } from '../../../server/domains/payments/rules';
import { breakdownRows } from '../../features/payments/breakdownRows';

/** Payment-request cases: the spec's limits and fees, checked by the same schema and rules the server uses. */
export const REQUEST_CASES: Array<{ label: string; amount: number; description: string; payeeReady: boolean }> = [
  { label: '$50.00 deposit, payee can receive', amount: 5000, description: 'Deposit for a forearm piece', payeeReady: true },
  { label: '$50.00, payee without payment setup', amount: 5000, description: 'Deposit', payeeReady: false },
  { label: 'Zero amount', amount: 0, description: 'Nothing', payeeReady: true },
  { label: 'Below the minimum ($0.50)', amount: 50, description: 'Too small', payeeReady: true },
  { label: 'Above the maximum ($10,000.01)', amount: 1_000_001, description: 'Too large', payeeReady: true },
  { label: 'Description of 201 characters', amount: 2500, description: 'x'.repeat(201), payeeReady: true },
];

export function requestCase(c: (typeof REQUEST_CASES)[number]): { ok: boolean; summary: string } {
  const amount = amountField.safeParse(c.amount);
  if (!amount.success) return { ok: false, summary: amount.error.issues[0].message };
  const description = descriptionField.safeParse(c.description);
  if (!description.success) return { ok: false, summary: description.error.issues[0].message };
  // Who pays what in the pay dialog's own words (decision 043): the fee each party bears, what the requester receives.
  const rows = breakdownRows(breakdownOf(amount.data, paymentRequestFees(amount.data)), {
    viewer: 'payer',
    recipientName: 'the requester',
  });
  return {
    ok: true,
    summary: `status ${initialRequestStatus(c.payeeReady)}; the client's pay dialog: ${rows.map((row) => `${row.label}: ${row.value}`).join(' · ')}`,
  };
}
