import { CONNECT_MIN_PLATFORM_FEE_CENTS, PLATFORM_RATE, type PaymentBreakdown } from '../../../server/domains/payments/rules';
import { formatCents } from '../../../server/lib/money';
import type { BreakdownRow } from '../../components/FeeBreakdown';

/** Who bears a fee, in the words of the one reading. */
const PLATFORM_NAME = 'InkLink';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The lines of a payment's breakdown as one party reads them. The payer sees their total and who
 * bears each fee; the recipient sees what the payer pays, what is deducted and what they receive.
 * A fee the reader does not pay is never shown in the money column as if it were charged to them.
 */
export function breakdownRows(
  breakdown: PaymentBreakdown,
  reader: { viewer: 'payer'; recipientName: string | null } | { viewer: 'recipient'; payerName: string },
): BreakdownRow[] {
  const processing = breakdown.fees.find((f) => f.kind === 'processing');
  const platform = breakdown.fees.find((f) => f.kind === 'platform');
  const processingRow: BreakdownRow[] = processing
    ? [{ label: `Card processing fee (${formatCents(processing.cents)})`, value: `Paid by ${PLATFORM_NAME}` }]
    : [];
  if (reader.viewer === 'recipient') {
    return [
      { label: `${reader.payerName} pays`, value: formatCents(breakdown.payerTotal) },
      ...(platform
        ? [
            {
              label: `Platform fee (${PLATFORM_RATE * 100}%, at least ${formatCents(CONNECT_MIN_PLATFORM_FEE_CENTS)})`,
              value: `−${formatCents(platform.cents)}`,
            },
          ]
        : []),
      ...processingRow,
      { label: 'You receive', value: formatCents(breakdown.recipientReceives), total: true },
    ];
  }
  const { recipientName } = reader;
  return [
    ...processingRow,
    ...(platform && recipientName ? [{ label: `Platform fee (${formatCents(platform.cents)})`, value: `Paid by ${recipientName}` }] : []),
    ...(recipientName ? [{ label: `${capitalized(recipientName)} receives`, value: formatCents(breakdown.recipientReceives) }] : []),
    { label: 'You pay', value: formatCents(breakdown.payerTotal), total: true },
  ];
}
