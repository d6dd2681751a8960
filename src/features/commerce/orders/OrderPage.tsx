import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../../components/links';
import { PageSpinner } from '../../../components/PageSpinner';
import { trpc } from '../../../trpc';
import { useMe } from '../../auth/useAuth';
import { CancelOrderForm } from './CancelOrderForm';
import { OrderDetails } from './OrderDetails';

const CANCELLABLE = ['pending', 'confirmed'];

/** /orders/{orderId}: the customer's order (and, right after checkout, its confirmation). */
export function OrderPage({ orderId, placed }: { orderId: string; placed: boolean }) {
  const order = trpc.order.byId.useQuery({ orderId }, { retry: false });
  const { me } = useMe();
  const utils = trpc.useUtils();
  if (order.isLoading) return <PageSpinner />;
  if (!order.data) {
    return (
      <Container sx={{ py: 6 }}>
        <Typography variant="h1">Order not found</Typography>
      </Container>
    );
  }
  const isCustomer = me?.id === order.data.customerId;
  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        {placed ? 'Thank you for your order!' : 'Your order'}
      </Typography>
      {placed && (
        <Alert severity="success" sx={{ mb: 3 }}>
          Order {order.data.orderNumber} is placed. The seller has been notified; you'll hear from us when its status changes.
        </Alert>
      )}
      <Stack spacing={3}>
        <OrderDetails order={order.data} />
        {isCustomer && CANCELLABLE.includes(order.data.status) && (
          <CancelOrderForm orderId={orderId} onDone={() => void utils.order.byId.invalidate({ orderId })} />
        )}
        <div>
          <ButtonLink to="/storefront/$id" params={{ id: order.data.storefrontId }} variant="outlined">
            Back to the storefront
          </ButtonLink>
        </div>
      </Stack>
    </Container>
  );
}
