import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { formatDate, formatDateTime } from '../format';
import { formatCents } from '../../../../server/lib/money';
import { statusLabel } from '../../../../server/domains/orders/rules';
import { OrderStatusChip } from './OrderStatusChip';
import { TotalsTable } from './TotalsTable';

export type OrderView = inferRouterOutputs<AppRouter>['order']['byId'];

/** What both the customer and the sellers see of an order: lines, totals, fulfillment, payment, notes. */
export function OrderDetails({ order }: { order: OrderView }) {
  const { fulfillment, payment } = order;
  const address = fulfillment.shippingAddress;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
          Order {order.orderNumber}
        </Typography>
        <OrderStatusChip status={order.status} method={order.fulfillment.method} size="medium" />
        <Typography color="text.secondary">Placed {formatDateTime(order.createdAt)}</Typography>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Card variant="outlined" component="section" aria-label="Items">
          <CardContent>
            <Stack spacing={1.5}>
              {order.items.map((item) => (
                <Box key={item.id}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {item.productName} × {item.quantity}
                    </Typography>
                    <Typography>{formatCents(item.subtotal)}</Typography>
                  </Stack>
                  {item.variants.map((v) => (
                    <Typography key={v.variantId} variant="body2" color="text.secondary">
                      {v.variantName}: {v.optionName}
                    </Typography>
                  ))}
                  {item.customizations.map((c) => (
                    <Typography key={c.optionId} variant="body2" color="text.secondary">
                      {c.optionName}: {c.value}
                    </Typography>
                  ))}
                  <Typography variant="body2" color="text.secondary">
                    {formatCents(item.unitPrice)} each
                  </Typography>
                </Box>
              ))}
            </Stack>
            <TotalsTable amounts={order} shipped={fulfillment.method === 'shipping'} />
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-label="Delivery and payment">
          <CardContent>
            <Stack spacing={1}>
              <Typography sx={{ fontWeight: 600 }}>{fulfillment.method === 'shipping' ? 'Shipping' : 'Local pickup'}</Typography>
              {address && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                  {[address.name, address.line1, address.line2, `${address.city}, ${address.state} ${address.zipCode}`]
                    .filter(Boolean)
                    .join('\n')}
                </Typography>
              )}
              {fulfillment.trackingNumber && <Typography>Tracking number: {fulfillment.trackingNumber}</Typography>}
              {fulfillment.estimatedDelivery && <Typography>Estimated delivery: {formatDate(fulfillment.estimatedDelivery)}</Typography>}
              {fulfillment.actualDelivery && (
                <Typography>
                  {statusLabel('delivered', fulfillment.method)}: {formatDate(fulfillment.actualDelivery)}
                </Typography>
              )}
              <Typography sx={{ fontWeight: 600, pt: 1 }}>Payment</Typography>
              <Typography variant="body2">
                {payment.method === 'stripe' ? 'Card' : 'Cash on pickup or delivery'}
                {payment.paidAt && ` · paid ${formatDateTime(payment.paidAt)}`}
              </Typography>
              {payment.refundedAt && (
                <Typography variant="body2">
                  Refunded {formatCents(payment.refundAmount)} on {formatDate(payment.refundedAt)}
                  {payment.refundReason && `: ${payment.refundReason}`}
                </Typography>
              )}
              {order.customerNotes && <Typography variant="body2">Customer notes: {order.customerNotes}</Typography>}
              {order.sellerNotes && <Typography variant="body2">Seller notes: {order.sellerNotes}</Typography>}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </Stack>
  );
}
