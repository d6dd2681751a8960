import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { createPaymentRequestInput } from '../../../server/domains/payments/inputs';
import {
  CONNECT_MESSAGES,
  MAX_REQUEST_CENTS,
  MIN_REQUEST_CENTS,
  paymentBreakdown,
  setUpPayoutsFirst,
} from '../../../server/domains/payments/rules';
import { FeeBreakdown } from '../../components/FeeBreakdown';
import { ButtonLink } from '../../components/links';
import { trpc } from '../../trpc';
import { useMe } from '../auth/useAuth';
import { FormTextField } from '../../components/forms/FormTextField';
import { inputResolver } from '../../components/forms/inputResolver';
import { parseDollarsToCents } from '../../../server/lib/money';
import { breakdownRows } from './breakdownRows';
import { ErrorOrUpgrade, UpgradePrompt } from './UpgradePrompt';
import { useLockedFeature } from './useFeatureGate';

type Fields = { amount: string; description: string; dueDate: string };
const EMPTY: Fields = { amount: '', description: '', dueDate: '' };

/** A chosen day is due at its end, in the requester's time zone. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`);

/**
 * The thread composer's "Request payment": amount, description and due date, checked with the
 * server's own schema (the spec's messages under each field), with who pays what shown before
 * sending. The money goes to the requester's payout account, so until it is active the dialog
 * sends them to set it up instead (the server refuses the request too).
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
  const { me } = useMe();
  const payout = trpc.connect.status.useQuery({}, { enabled: open });
  const setupFirst = payout.data && !payout.data.canReceivePayments ? payout.data : null;
  // Decision 042: sending requests is Artist Pro's; the prompt comes before the form is filled.
  const locked = useLockedFeature('payment_requests');
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
  const breakdown = cents && cents >= MIN_REQUEST_CENTS && cents <= MAX_REQUEST_CENTS ? paymentBreakdown(cents, 'connect') : null;
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
          {locked && !create.error && <UpgradePrompt {...locked} />}
          {setupFirst && me && !locked && (
            <Alert severity="warning">
              {setUpPayoutsFirst(setupFirst.message ?? CONNECT_MESSAGES.notSetUp)}. It takes about {setupFirst.setupMinutes} minutes.
              <ButtonLink
                to="/payment-setup"
                search={{ userId: me.id, steps: setupFirst.steps.join(','), context: 'payment_request' }}
                variant="outlined"
                color="inherit"
                size="small"
                sx={{ display: 'flex', width: 'fit-content', mt: 1 }}
              >
                Set up payouts
              </ButtonLink>
            </Alert>
          )}
          <FormTextField control={control} name="amount" label="Amount ($)" inputMode="decimal" required autoFocus />
          <FormTextField control={control} name="description" label="Description" required helperText={`${description.length}/200`} />
          <FormTextField control={control} name="dueDate" label="Due date" type="date" slotProps={{ inputLabel: { shrink: true } }} />
          {breakdown && (
            <FeeBreakdown label="Who pays what" rows={breakdownRows(breakdown, { viewer: 'recipient', payerName: payeeName })} />
          )}
          {create.error && <ErrorOrUpgrade error={create.error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={form.formState.isSubmitting || payout.isPending || Boolean(setupFirst) || Boolean(locked)}
        >
          Send request
        </Button>
      </DialogActions>
    </Dialog>
  );
}
