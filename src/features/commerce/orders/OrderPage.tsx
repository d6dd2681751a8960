import Alert, { type AlertColor } from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../../../server/lib/money';
import { RouteLoadFailed } from '../../../components/LoadFailed';
import { ButtonLink } from '../../../components/links';
import { isMissing } from '../../../route-not-found';
import { trpc } from '../../../trpc';
import { useMe } from '../../auth/useAuth';
import { CancelOrderForm } from './CancelOrderForm';
import { OrderDetails, type OrderView } from './OrderDetails';

const CANCELLABLE = ['pending', 'confirmed'];

/**
 * What /orders/{orderId} shows when the order cannot be loaded (its route's error): "Order not found"
 * when the server says so; when the load itself failed (server or connection down), a Retry.
 */
export function OrderNotFound({ error }: { error: unknown }) {
  if (isMissing(error)) {
    return (
      <Container sx={{ py: 6 }}>
        <Typography variant="h1">Order not found</Typography>
      </Container>
    );
  }
  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        Your order
      </Typography>
      <RouteLoadFailed message="Failed to load the order" />
    </Container>
  );
}

/**
 * The page's heading and its note, from the order's real status: the thanks and "is placed" only
 * for a live order right after checkout (?placed=true), never above a cancelled or refunded one.
 */
function orderHeadline(order: OrderView, placed: boolean): { title: string; note?: { severity: AlertColor; text: string } } {
  const refund = order.payment.refundAmount ? ` ${formatCents(order.payment.refundAmount)} was refunded to your card.` : '';
  if (order.status === 'cancelled') {
    const reason = order.sellerNotes ? `: ${order.sellerNotes}` : '.';
    return { title: 'Order cancelled', note: { severity: 'warning', text: `Order ${order.orderNumber} was cancelled${reason}${refund}` } };
  }
  if (order.status === 'refunded')
    return { title: 'Order refunded', note: { severity: 'info', text: `Order ${order.orderNumber} was refunded.${refund}` } };
  if (placed && (order.status === 'pending' || order.status === 'confirmed')) {
    return {
      title: 'Thank you for your order!',
      note: {
        severity: 'success',
        text: `Order ${order.orderNumber} is placed. The seller has been notified; you'll hear from us when its status changes.`,
      },
    };
  }
  return { title: 'Your order' };
}

/** /orders/{orderId}: the customer's order (and, right after checkout, its confirmation). */
export function OrderPage({ orderId, placed }: { orderId: string; placed: boolean }) {
  const [order] = trpc.order.byId.useSuspenseQuery({ orderId }, { retry: false });
  const { me } = useMe();
  const utils = trpc.useUtils();
  const isCustomer = me?.id === order.customerId;
  const { title, note } = orderHeadline(order, placed);
  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        {title}
      </Typography>
      {note && (
        <Alert severity={note.severity} sx={{ mb: 3 }}>
          {note.text}
        </Alert>
      )}
      <Stack spacing={3}>
        <OrderDetails order={order} />
        {isCustomer && CANCELLABLE.includes(order.status) && (
          <CancelOrderForm orderId={orderId} onDone={() => void utils.order.byId.invalidate({ orderId })} />
        )}
        <div>
          <ButtonLink to="/storefront/$id" params={{ id: order.storefrontId }} variant="outlined">
            Back to the storefront
          </ButtonLink>
        </div>
      </Stack>
    </Container>
  );
}
