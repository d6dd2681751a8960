import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { LoadFailed } from '../../components/LoadFailed';
import { breakdownOf } from '../../../server/domains/payments/rules';
import { FeeBreakdown } from '../../components/FeeBreakdown';
import { breakdownRows } from './breakdownRows';
import { CardEntry } from './CardEntry';
import { useNextAction } from './useNextAction';
import { formatCents } from '../../../server/lib/money';
import type { PaymentRequest } from './types';

/**
 * Pays a request with a saved card, or a card added here first. Who pays what comes from the fees
 * stored on the request when it was sent: the amounts the charge uses.
 */
export function PayDialog({
  request,
  open,
  onClose,
  onPaid,
}: {
  request: PaymentRequest;
  open: boolean;
  onClose(): void;
  onPaid(): unknown;
}) {
  const utils = trpc.useUtils();
  const methods = trpc.payment.methods.useQuery(undefined, { enabled: open });
  const add = trpc.payment.addMethod.useMutation({ onSuccess: () => utils.payment.methods.invalidate() });
  const pay = trpc.paymentRequest.process.useMutation();
  const complete = trpc.paymentRequest.completeAction.useMutation();
  const nextAction = useNextAction();
  const [authenticating, setAuthenticating] = useState(false);
  const submit = async (paymentMethodId: string) => {
    complete.reset();
    const paid = await pay.mutateAsync({ paymentRequestId: request.id, paymentMethodId }).catch(() => null);
    if (!paid) return;
    // A card asking for 3-D Secure: the bank's challenge, then the server reads the outcome (decision 040).
    if (paid.nextAction) {
      setAuthenticating(true);
      await nextAction.run(paid.nextAction);
      const completed = await complete
        .mutateAsync({ paymentRequestId: request.id, paymentIntentId: paid.nextAction.paymentIntentId })
        .catch(() => null);
      setAuthenticating(false);
      if (!completed) return;
    }
    await onPaid();
    onClose();
  };
  const failure = pay.error ?? complete.error;
  const busy = pay.isPending || authenticating;
  const [chosen, setChosen] = useState<string | null>(null);
  const saved = methods.data ?? [];
  const selected = chosen ?? saved[0]?.stripePaymentMethodId ?? '';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`pay-${request.id}`} fullWidth maxWidth="xs">
      <DialogTitle id={`pay-${request.id}`}>Pay {formatCents(request.amount)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography>{request.description}</Typography>
          <FeeBreakdown
            label="Who pays what"
            rows={breakdownRows(breakdownOf(request.amount, request), { viewer: 'payer', recipientName: request.requesterName })}
          />
          {methods.isError && (
            <LoadFailed message="Failed to fetch payment methods" onRetry={() => methods.refetch()} retrying={methods.isFetching} />
          )}
          {methods.isSuccess && saved.length === 0 && (
            <CardEntry
              submitLabel="Add card"
              busy={add.isPending}
              error={add.error ? errorText(add.error) : null}
              onPaymentMethod={(paymentMethodId) => add.mutateAsync({ paymentMethodId, setDefault: true }).catch(() => null)}
            />
          )}
          {saved.length > 0 && (
            <FormControl fullWidth>
              <InputLabel id={`pay-with-${request.id}`}>Pay with</InputLabel>
              <Select labelId={`pay-with-${request.id}`} label="Pay with" value={selected} onChange={(e) => setChosen(e.target.value)}>
                {saved.map((m) => (
                  <MenuItem key={m.id} value={m.stripePaymentMethodId}>
                    {`${m.brand ?? 'Card'} •••• ${m.last4 ?? ''}`}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          )}
          {failure && <Alert severity="error">{errorText(failure)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Back</Button>
        <Button variant="contained" disabled={!selected || busy} onClick={() => void submit(selected)}>
          {busy ? 'Paying…' : `Pay ${formatCents(request.amount)}`}
        </Button>
      </DialogActions>
      {nextAction.challenge}
    </Dialog>
  );
}
