import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { refundableCents, withinRefundWindow } from '../../../server/domains/payments/rules';
import { formatCents } from '../../../server/lib/money';
import { trpc } from '../../trpc';
import { formatDay } from './format';
import { RefundDialog } from './RefundDialog';
import type { PaymentRequest } from './types';

/**
 * A paid request's refunds on its card, for both parties (decision 039): how much was refunded and
 * each refund with its reason; the requester also gets "Refund" while some is left and the
 * 180-day window is open.
 */
export function RequestRefunds({ request, requester }: { request: PaymentRequest; requester: boolean }) {
  const [open, setOpen] = useState(false);
  const refunds = trpc.paymentRequest.refunds.useQuery({ paymentRequestId: request.id }, { enabled: request.refundedAmount > 0 });
  const left = refundableCents(request);
  const canRefund = requester && left > 0 && withinRefundWindow(request.paidAt, new Date());
  const settled = (refunds.data ?? []).filter((r) => r.status === 'succeeded');
  const feeReturned = (refunds.data ?? []).filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.platformFeeReturned, 0);
  return (
    <>
      {request.refundedAmount > 0 && (
        <Stack spacing={0.5} aria-label="Refunds" role="list">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Refunded {formatCents(request.refundedAmount)} of {formatCents(request.amount)}
          </Typography>
          {settled.map((r) => (
            <Typography key={r.id} role="listitem" variant="body2" color="text.secondary">
              {formatCents(r.amount)} on {formatDay(r.completedAt ?? r.createdAt)} · {r.reason}
            </Typography>
          ))}
        </Stack>
      )}
      {canRefund && (
        <Button size="small" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
          Refund
        </Button>
      )}
      {requester && <RefundDialog request={request} feeReturned={feeReturned} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
