import Chip, { type ChipProps } from '@mui/material/Chip';

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

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** An order status as a chip: "Pending", "Shipped", … */
export function OrderStatusChip({ status, size = 'small' }: { status: string; size?: ChipProps['size'] }) {
  return <Chip label={statusLabel(status)} color={COLORS[status] ?? 'default'} size={size} />;
}
