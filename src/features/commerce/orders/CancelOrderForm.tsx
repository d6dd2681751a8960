import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { trpc } from '../../../trpc';
import { errorText } from '../../../components/forms/errorText';

/** Cancel with a reason (kept as the seller note; a card payment is refunded in full). */
export function CancelOrderForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const cancel = trpc.order.cancel.useMutation({ onSuccess: onDone });
  return (
    <Stack
      component="form"
      spacing={1}
      aria-label="Cancel order"
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        cancel.mutate({ orderId, reason });
      }}
    >
      <TextField label="Cancellation reason" value={reason} onChange={(e) => setReason(e.target.value)} size="small" />
      {cancel.error && <Alert severity="error">{errorText(cancel.error)}</Alert>}
      <div>
        <Button type="submit" color="error" variant="outlined" loading={cancel.isPending}>
          Cancel Order
        </Button>
      </div>
    </Stack>
  );
}
