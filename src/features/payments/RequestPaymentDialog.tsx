import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { createPaymentRequestInput } from '../../../server/domains/payments/inputs';
import { paymentRequestFees } from '../../../server/domains/payments/rules';
import { trpc } from '../../trpc';
import { FormTextField } from '../../components/forms/FormTextField';
import { inputResolver } from '../../components/forms/inputResolver';
import { formatCents, parseDollarsToCents } from '../../../server/lib/money';
import { ErrorOrUpgrade } from './UpgradePrompt';

type Fields = { amount: string; description: string; dueDate: string };
const EMPTY: Fields = { amount: '', description: '', dueDate: '' };

/** A chosen day is due at its end, in the requester's time zone. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`);

/**
 * The thread composer's "Request payment": amount, description and due date, checked with the
 * server's own schema (the spec's messages under each field), with the fees shown before sending.
 */
export function RequestPaymentDialog({
  threadId,
  payeeId,
  payeeName,
  open,
  onClose,
}: {
  threadId: string;
  payeeId: string;
  payeeName: string;
  open: boolean;
  onClose(): void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.paymentRequest.create.useMutation({
    onSuccess: () =>
      Promise.all([utils.message.list.invalidate({ threadId }), utils.thread.list.invalidate(), utils.paymentRequest.list.invalidate()]),
  });
  const form = useForm<Fields, unknown, z.output<typeof createPaymentRequestInput>>({
    resolver: inputResolver(
      createPaymentRequestInput,
      (f: Fields) => ({
        payeeId,
        threadId,
        amount: parseDollarsToCents(f.amount) ?? Number.NaN,
        description: f.description,
        dueDate: f.dueDate ? endOfDay(f.dueDate).toISOString() : null,
      }),
      (f) => ({ dueDate: f.dueDate && endOfDay(f.dueDate).getTime() <= Date.now() && 'Due date must be in the future' }),
    ),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const [amount, description] = useWatch({ control, name: ['amount', 'description'] });
  const cents = parseDollarsToCents(amount);
  const fees = cents && cents >= 100 && cents <= 1_000_000 ? paymentRequestFees(cents) : null;
  const submit = form.handleSubmit(async (input) => {
    const created = await create.mutateAsync({ ...input, dueDate: input.dueDate?.toISOString() ?? null }).catch(() => null);
    if (created) {
      form.reset(EMPTY);
      onClose();
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="request-payment-title" fullWidth maxWidth="xs">
      <DialogTitle id="request-payment-title">Request payment from {payeeName}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <FormTextField control={control} name="amount" label="Amount ($)" inputMode="decimal" required autoFocus />
          <FormTextField control={control} name="description" label="Description" required helperText={`${description.length}/200`} />
          <FormTextField control={control} name="dueDate" label="Due date" type="date" slotProps={{ inputLabel: { shrink: true } }} />
          {fees && (
            <Typography variant="body2" color="text.secondary" aria-label="Fees">
              Processing fee {formatCents(fees.processingFee)} · Platform fee {formatCents(fees.platformFee)} · You receive{' '}
              {formatCents(fees.netAmount)}
            </Typography>
          )}
          {create.error && <ErrorOrUpgrade error={create.error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={form.formState.isSubmitting}>
          Send request
        </Button>
      </DialogActions>
    </Dialog>
  );
}
