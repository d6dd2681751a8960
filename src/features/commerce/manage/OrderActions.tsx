import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SETTABLE_STATUSES } from '../../../../server/domains/orders/inputs';
import { awaitingCardPayment, nextStatuses, statusLabel } from '../../../../server/domains/orders/rules';
import { trpc } from '../../../trpc';
import { errorText } from '../../../components/forms/errorText';
import { CancelOrderForm } from '../orders/CancelOrderForm';
import type { OrderView } from '../orders/OrderDetails';

/**
 * The seller's moves on an order, offered from the same transition table the server enforces:
 * status updates with notes, the tracking number (the first one ships the order), delivered,
 * and cancel with a reason.
 */
export function OrderActions({ order, onChange }: { order: OrderView; onChange: () => void }) {
  const [notes, setNotes] = useState('');
  const [tracking, setTracking] = useState(order.fulfillment.trackingNumber ?? '');
  const update = trpc.order.updateStatus.useMutation({
    onSuccess: () => {
      setNotes('');
      onChange();
    },
  });
  const track = trpc.order.setTracking.useMutation({ onSuccess: onChange });
  const deliver = trpc.order.markDelivered.useMutation({ onSuccess: onChange });
  const payment = { status: order.status, paymentMethod: order.payment.method, paidAt: order.payment.paidAt };
  const next = nextStatuses(payment);
  const firstTracking = order.status !== 'shipped' && !order.fulfillment.trackingNumber;
  // Delivered and cancelled have their own actions (actualDelivery; restock and refund).
  const statusMoves = SETTABLE_STATUSES.filter((s) => s !== 'delivered' && next.includes(s));
  const error = update.error ?? track.error ?? deliver.error;
  const shipping = order.fulfillment.method === 'shipping';
  return (
    <Card variant="outlined" component="section" aria-label="Order actions">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
            Actions
          </Typography>
          {error && <Alert severity="error">{errorText(error)}</Alert>}
          {awaitingCardPayment(payment) && (
            <Alert severity="info">Awaiting the card payment: once it goes through the order is confirmed and can be shipped.</Alert>
          )}
          {statusMoves.length > 0 && (
            <Stack spacing={1}>
              <TextField label="Seller notes" value={notes} onChange={(e) => setNotes(e.target.value)} size="small" multiline />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {statusMoves.map((status) => (
                  <Button
                    key={status}
                    variant="outlined"
                    loading={update.isPending && update.variables?.status === status}
                    onClick={() => update.mutate({ orderId: order.id, status, sellerNotes: notes.trim() || undefined })}
                  >
                    Mark {statusLabel(status, order.fulfillment.method)}
                  </Button>
                ))}
              </Stack>
            </Stack>
          )}
          {shipping && (next.includes('shipped') || order.status === 'shipped') && (
            <Stack
              component="form"
              spacing={0.5}
              aria-label="Tracking"
              onSubmit={(event: React.FormEvent) => {
                event.preventDefault();
                track.mutate({ orderId: order.id, trackingNumber: tracking });
              }}
            >
              <Stack direction="row" spacing={1}>
                <TextField label="Tracking number" value={tracking} onChange={(e) => setTracking(e.target.value)} size="small" />
                <Button type="submit" variant="contained" loading={track.isPending}>
                  Save Tracking
                </Button>
              </Stack>
              {firstTracking && (
                <Typography variant="body2" color="text.secondary">
                  Saving the tracking number marks the order Shipped
                  {order.payment.method === 'cash' ? ' (cash is collected on delivery)' : ''}.
                </Typography>
              )}
            </Stack>
          )}
          {next.includes('delivered') && (
            <div>
              <Button variant="contained" color="success" loading={deliver.isPending} onClick={() => deliver.mutate({ orderId: order.id })}>
                Mark {statusLabel('delivered', order.fulfillment.method)}
              </Button>
            </div>
          )}
          {next.includes('cancelled') && <CancelOrderForm orderId={order.id} onDone={onChange} />}
          {next.length === 0 && <Typography color="text.secondary">This order is {order.status}: nothing more to do.</Typography>}
        </Stack>
      </CardContent>
    </Card>
  );
}
