import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../../components/links';
import { trpc } from '../../../trpc';
import { useMe } from '../../auth/useAuth';
import { CancelOrderForm } from './CancelOrderForm';
import { OrderDetails } from './OrderDetails';

const CANCELLABLE = ['pending', 'confirmed'];

/** What /orders/{orderId} shows when the order cannot be loaded (its route's error). */
export function OrderNotFound() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Order not found</Typography>
    </Container>
  );
}

/** /orders/{orderId}: the customer's order (and, right after checkout, its confirmation). */
export function OrderPage({ orderId, placed }: { orderId: string; placed: boolean }) {
  const [order] = trpc.order.byId.useSuspenseQuery({ orderId }, { retry: false });
  const { me } = useMe();
  const utils = trpc.useUtils();
  const isCustomer = me?.id === order.customerId;
  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        {placed ? 'Thank you for your order!' : 'Your order'}
      </Typography>
      {placed && (
        <Alert severity="success" sx={{ mb: 3 }}>
          Order {order.orderNumber} is placed. The seller has been notified; you'll hear from us when its status changes.
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
