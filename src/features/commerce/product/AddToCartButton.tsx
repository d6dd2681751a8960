import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import type { CartLine } from '../cart/cartLines';
import { useCartActions } from '../cart/useCart';

/**
 * Add to Cart and its "Added to cart" notice. The notice is this button's own state and the cart is
 * only written, never read, here: adding renders the button, its notice and the cart panel (which
 * reads the cart), not the product page around them.
 */
export function AddToCartButton({ storefrontId, line, disabled }: { storefrontId: string; line: Omit<CartLine, 'key'> | null; disabled: boolean }) {
  const { add } = useCartActions(storefrontId);
  const [added, setAdded] = useState(false);
  return (
    <Box>
      <Button
        variant="contained"
        size="large"
        onClick={() => {
          if (!line) return;
          add(line);
          setAdded(true);
        }}
        disabled={disabled || !line}
      >
        Add to Cart
      </Button>
      <Snackbar open={added} autoHideDuration={3000} onClose={() => setAdded(false)} message="Added to cart" />
    </Box>
  );
}
