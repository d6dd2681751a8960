import DeleteIcon from '@mui/icons-material/Delete';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../../components/links';
import { formatCents } from '../../../../server/lib/money';
import { cartCount, cartSubtotal, MAX_LINE_QUANTITY } from './cartLines';
import { useCart } from './useCart';

/** The storefront's cart: lines with their choices, quantities, live subtotal and the way to checkout. */
export function CartPanel({ storefrontId, checkout = true }: { storefrontId: string; checkout?: boolean }) {
  const { cart, setQuantity, remove } = useCart(storefrontId);
  const count = cartCount(cart);
  return (
    <Card variant="outlined" component="section" aria-labelledby="cart-heading">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <ShoppingCartIcon color="primary" aria-hidden="true" />
          <Typography id="cart-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
            Cart
          </Typography>
          <Typography color="text.secondary">({count === 1 ? '1 item' : `${count} items`})</Typography>
        </Stack>
        {cart.lines.length === 0 ? (
          <Typography color="text.secondary">Your cart is empty.</Typography>
        ) : (
          <Stack divider={<Divider flexItem />} spacing={1.5}>
            {cart.lines.map((line) => (
              <Box key={line.key} sx={{ display: 'grid', gridTemplateColumns: '1fr auto auto', gap: 1, alignItems: 'center' }}>
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{line.name}</Typography>
                  {line.choiceLabels.map((label) => (
                    <Typography key={label} variant="body2" color="text.secondary">
                      {label}
                    </Typography>
                  ))}
                  <Typography variant="body2">
                    {formatCents(line.unitPrice)} each · {formatCents(line.unitPrice * line.quantity)}
                  </Typography>
                </Box>
                <TextField
                  type="number"
                  size="small"
                  label="Quantity"
                  value={line.quantity}
                  onChange={(event) => {
                    const value = Number(event.target.value);
                    if (Number.isFinite(value) && value >= 1) setQuantity(line.key, value);
                  }}
                  slotProps={{ htmlInput: { min: 1, max: MAX_LINE_QUANTITY, 'aria-label': `Quantity of ${line.name}` } }}
                  sx={{ width: 90 }}
                />
                <IconButton aria-label={`Remove ${line.name}`} onClick={() => remove(line.key)}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
          </Stack>
        )}
        <Divider sx={{ my: 2 }} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 2 }}>
          <Typography>Subtotal</Typography>
          <Typography sx={{ fontWeight: 600 }} aria-label="Cart subtotal">
            {formatCents(cartSubtotal(cart))}
          </Typography>
        </Stack>
        {checkout && (
          <ButtonLink
            to="/checkout/$storefrontId"
            params={{ storefrontId }}
            variant="contained"
            fullWidth
            disabled={cart.lines.length === 0}
          >
            Checkout
          </ButtonLink>
        )}
      </CardContent>
    </Card>
  );
}
