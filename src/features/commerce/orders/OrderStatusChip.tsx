import Chip, { type ChipProps } from '@mui/material/Chip';
import type { FulfillmentMethod, OrderStatus } from '../../../../server/domains/orders/rules';
import { statusLabel } from '../../../../server/domains/orders/rules';

const COLORS: Record<string, ChipProps['color']> = {
  pending: 'warning',
  confirmed: 'info',
  processing: 'info',
  shipped: 'primary',
  delivered: 'success',
  completed: 'success',
  cancelled: 'default',
  refunded: 'default',
};

/** An order status as a chip: "Pending", "Shipped", "Ready for pickup"… */
export function OrderStatusChip({
  status,
  method,
  size = 'small',
}: {
  status: OrderStatus;
  method: FulfillmentMethod;
  size?: ChipProps['size'];
}) {
  return <Chip label={statusLabel(status, method)} color={COLORS[status] ?? 'default'} size={size} />;
}
