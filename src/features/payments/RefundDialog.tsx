import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { platformFeeShare, REFUND_REASON_MAX, refundableCents } from '../../../server/domains/payments/rules';
import { centsToDollarText, formatCents, parseDollarsToCents } from '../../../server/lib/money';
import { trpc } from '../../trpc';
import { failureText } from './requestFailure';
import type { PaymentRequest } from './types';

/**
 * The requester's confirmation of a refund: how much (all that is left by default) and why, with
 * what the payer gets back and what leaves the requester's payout balance (decision 039).
 */
export function RefundDialog({
  request,
  feeReturned,
  open,
  onClose,
}: {
  request: PaymentRequest;
  /** The platform fee already given back by earlier refunds. */
  feeReturned: number;
  open: boolean;
  onClose(): void;
}) {
  const left = refundableCents(request);
  const [amount, setAmount] = useState(centsToDollarText(left));
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setAmount(centsToDollarText(left));
  }, [open, left]);
  const cents = parseDollarsToCents(amount);
  const valid = cents !== null && cents > 0 && cents <= left;
  // One id per refund as asked: a retry of the same amount and reason is the same refund, made once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new refund id whenever what is asked changes
  const refundId = useMemo(() => crypto.randomUUID(), [cents, reason, open]);
  const utils = trpc.useUtils();
  const refund = trpc.paymentRequest.refund.useMutation({
    onSuccess: async () => {
      onClose();
      setReason('');
      await Promise.all([
        utils.paymentRequest.byId.invalidate({ paymentRequestId: request.id }),
        utils.paymentRequest.refunds.invalidate({ paymentRequestId: request.id }),
        utils.paymentRequest.list.invalidate(),
        utils.payment.history.invalidate(),
      ]);
    },
  });
  const fee = valid
    ? platformFeeShare({
        amount: request.amount,
        platformFee: request.platformFee,
        refundCents: cents,
        alreadyRefundedCents: request.amount - left,
        feeAlreadyReturned: feeReturned,
      })
    : 0;
  const titleId = `refund-${request.id}`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Refund this payment?</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2">
            {request.description} · paid {formatCents(request.amount)}, {formatCents(left)} left to refund.
          </Typography>
          <TextField
            label="Refund amount"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={amount !== '' && !valid}
            helperText={amount !== '' && !valid ? `Enter an amount up to ${formatCents(left)}` : ' '}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX } }}
            helperText="The person who paid sees this reason."
          />
          {valid && (
            <Typography variant="body2" color="text.secondary">
              They get back {formatCents(cents)}. {formatCents(cents - fee)} comes from your payout balance and the platform returns its{' '}
              {formatCents(fee)} fee share.
            </Typography>
          )}
          {refund.error && <Alert severity="error">{failureText(refund.error, 'Failed to refund payment request')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Back</Button>
        <Button
          color="error"
          disabled={!valid || reason.trim() === '' || refund.isPending}
          onClick={() => valid && refund.mutate({ paymentRequestId: request.id, refundId, amount: cents, reason })}
        >
          {valid ? `Refund ${formatCents(cents)}` : 'Refund'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
