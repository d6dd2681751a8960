import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { canCloseRequest, canProcess, type RequestStatus, refundStateOf } from '../../../server/domains/payments/rules';
import { LoadFailed } from '../../components/LoadFailed';
import { ButtonLink } from '../../components/links';
import { trpc } from '../../trpc';
import { useMe } from '../auth/useAuth';
import { formatDay } from './format';
import { formatCents } from '../../../server/lib/money';
import { PayDialog } from './PayDialog';
import { RequestRefunds } from './RequestRefunds';
import { failureText } from './requestFailure';
import type { PaymentRequest } from './types';

const STATUS_LABEL: Record<RequestStatus, string> = {
  pending: 'Awaiting payment',
  recipient_setup: 'Waiting for payment setup',
  ready_to_pay: 'Ready to pay',
  paid: 'Paid',
  declined: 'Declined',
  cancelled: 'Cancelled',
};
/** A paid request's label once refunds were made (decision 039). */
const REFUND_LABEL = { none: STATUS_LABEL.paid, partial: 'Partially refunded', full: 'Refunded' } as const;
const OPEN_POLL_MS = 5_000;

/** A payment request in a conversation: amount, status, and Pay / Decline / Cancel for the right person. */
export function PaymentRequestCard({ paymentRequestId }: { paymentRequestId: string }) {
  const { me } = useMe();
  const request = trpc.paymentRequest.byId.useQuery(
    { paymentRequestId },
    { retry: false, refetchInterval: (q) => (q.state.data && canCloseRequest(q.state.data.status) ? OPEN_POLL_MS : false) },
  );
  const r = request.data;
  if (!r) {
    if (!request.error) return null;
    return (
      <LoadFailed
        message={failureText(request.error, 'Failed to fetch payment request')}
        onRetry={() => request.refetch()}
        retrying={request.isFetching}
      />
    );
  }
  const payee = r.payeeId === me?.id;
  return (
    <Box
      role="group"
      aria-label={`Payment request ${formatCents(r.amount)}`}
      sx={{ bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1, p: 1.5, my: 0.5, minWidth: { sm: 240 } }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 700, fontSize: '1.2rem' }}>{formatCents(r.amount)}</Typography>
          <Chip
            size="small"
            label={r.status === 'paid' ? REFUND_LABEL[refundStateOf(r)] : STATUS_LABEL[r.status]}
            color={r.status === 'paid' ? 'success' : r.status === 'declined' || r.status === 'cancelled' ? 'default' : 'warning'}
          />
        </Stack>
        <Typography>{r.description}</Typography>
        {r.dueDate && <Typography variant="body2">Due {formatDay(r.dueDate)}</Typography>}
        {!payee && r.status !== 'declined' && r.status !== 'cancelled' && (
          <Typography variant="body2" color="text.secondary">
            You receive {formatCents(r.netAmount)} after the {formatCents(r.platformFee)} platform fee.
          </Typography>
        )}
        {r.status === 'declined' && r.declineReason && <Typography variant="body2">Reason: {r.declineReason}</Typography>}
        {r.status === 'paid' && <RequestRefunds request={r} requester={!payee} />}
        {payee ? <PayeeActions request={r} /> : <RequesterActions request={r} />}
      </Stack>
    </Box>
  );
}

function useRefresh(request: PaymentRequest) {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.paymentRequest.byId.invalidate({ paymentRequestId: request.id }),
      utils.paymentRequest.list.invalidate(),
      request.threadId ? utils.message.list.invalidate({ threadId: request.threadId }) : null,
    ]);
}

function PayeeActions({ request }: { request: PaymentRequest }) {
  const refresh = useRefresh(request);
  const decline = trpc.paymentRequest.decline.useMutation({ onSuccess: refresh });
  const [paying, setPaying] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  if (!canCloseRequest(request.status)) return null;
  return (
    <>
      {request.status === 'recipient_setup' && (
        <Typography variant="body2">The requester is still setting up payments; you can pay once they are done.</Typography>
      )}
      <Stack direction="row" spacing={1}>
        {canProcess(request.status) && (
          <Button variant="contained" size="small" onClick={() => setPaying(true)}>
            Pay
          </Button>
        )}
        <Button size="small" onClick={() => setDeclining(true)}>
          Decline
        </Button>
      </Stack>
      <PayDialog request={request} open={paying} onClose={() => setPaying(false)} onPaid={refresh} />
      <Dialog open={declining} onClose={() => setDeclining(false)} aria-labelledby={`decline-${request.id}`}>
        <DialogTitle id={`decline-${request.id}`}>Decline this payment request?</DialogTitle>
        <DialogContent>
          <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} fullWidth sx={{ mt: 1 }} />
          {decline.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failureText(decline.error, 'Failed to decline payment request')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeclining(false)}>Back</Button>
          <Button
            color="error"
            disabled={decline.isPending}
            onClick={() => decline.mutate({ paymentRequestId: request.id, reason }, { onSuccess: () => setDeclining(false) })}
          >
            Decline request
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function RequesterActions({ request }: { request: PaymentRequest }) {
  const refresh = useRefresh(request);
  const cancel = trpc.paymentRequest.cancel.useMutation({ onSuccess: refresh });
  if (!canCloseRequest(request.status)) return null;
  return (
    <>
      {request.status === 'recipient_setup' && (
        <Alert severity="warning">
          {request.recipientSetupError ?? 'Recipient has not completed payment setup'}.{' '}
          <ButtonLink
            to="/payment-setup"
            search={{ userId: request.requesterId, steps: 'create_account,verify_identity,add_bank', context: 'payment_request' }}
            size="small"
          >
            Set up payments
          </ButtonLink>
        </Alert>
      )}
      {cancel.error && <Alert severity="error">{failureText(cancel.error, 'Failed to cancel payment request')}</Alert>}
      <Button
        size="small"
        onClick={() => cancel.mutate({ paymentRequestId: request.id })}
        disabled={cancel.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Cancel request
      </Button>
    </>
  );
}
