import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { createPaymentRequestInput } from '../../../server/domains/payments/inputs';
import { paymentRequestFees } from '../../../server/domains/payments/rules';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { formatCents, parseDollarsToCents } from '../../../server/lib/money';

/** A chosen day is due at its end, in the requester's time zone. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`);

/**
 * The thread composer's "Request payment": amount, description and due date, checked with the
 * server's own schema (the spec's messages), with the fees shown before sending.
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
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [dueDay, setDueDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const cents = parseDollarsToCents(amount);
  const fees = cents && cents >= 100 && cents <= 1_000_000 ? paymentRequestFees(cents) : null;

  const submit = async () => {
    const parsed = createPaymentRequestInput.safeParse({
      payeeId,
      amount: cents ?? 0,
      description,
      dueDate: dueDay ? endOfDay(dueDay).toISOString() : null,
      threadId,
    });
    const dueInPast = dueDay && endOfDay(dueDay).getTime() <= Date.now();
    const message = parsed.success
      ? dueInPast
        ? 'Due date must be in the future'
        : null
      : (parsed.error.issues[0]?.message ?? 'Invalid input');
    setProblem(message);
    if (message || !parsed.success) return;
    const created = await create.mutateAsync({ ...parsed.data, dueDate: parsed.data.dueDate?.toISOString() ?? null }).catch(() => null);
    if (created) {
      setAmount('');
      setDescription('');
      setDueDay('');
      onClose();
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="request-payment-title" fullWidth maxWidth="xs">
      <DialogTitle id="request-payment-title">Request payment from {payeeName}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Amount ($)" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" required autoFocus />
          <TextField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            required
            helperText={`${description.length}/200`}
          />
          <TextField
            label="Due date"
            type="date"
            value={dueDay}
            onChange={(e) => setDueDay(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {fees && (
            <Typography variant="body2" color="text.secondary" aria-label="Fees">
              Processing fee {formatCents(fees.processingFee)} · Platform fee {formatCents(fees.platformFee)} · You receive{' '}
              {formatCents(fees.netAmount)}
            </Typography>
          )}
          {(problem || create.error) && <Alert severity="error">{problem ?? errorText(create.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={create.isPending}>
          Send request
        </Button>
      </DialogActions>
    </Dialog>
  );
}
