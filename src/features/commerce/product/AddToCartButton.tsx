import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useContinueAction, useSignInToAct } from '../../auth/signInToAct';
import type { CartLine } from '../cart/cartLines';
import { useCartActions } from '../cart/useCart';

/**
 * Runs `work` once the browser has shown the next frame: a tap's own frame then carries only the
 * button's press, and what the tap changes comes in the task after it (decision 036).
 */
function afterNextPaint(work: () => void) {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/**
 * Add to Cart and its "Added to cart" notice. The notice is this button's own state and the cart is
 * only written, never read, here: adding renders the button, its notice and the cart panel (which
 * reads the cart), not the product page around them. The cart is an external store, whose changes
 * React renders at once (they cannot be a transition), so a tap's adding waits for the tap's frame.
 * A signed-out visitor is asked to sign in or register, and the item is added when they are back
 * on the product (decision 034).
 */
export function AddToCartButton({
  storefrontId,
  line,
  disabled,
}: {
  storefrontId: string;
  line: Omit<CartLine, 'key'> | null;
  disabled: boolean;
}) {
  const { add } = useCartActions(storefrontId);
  const [added, setAdded] = useState(false);
  const signIn = useSignInToAct();
  const addLine = () => {
    if (!line) return;
    add(line);
    setAdded(true);
  };
  // Back from signing in: the product's line as the page starts (its first choices, one piece).
  useContinueAction('add-to-cart', addLine, Boolean(line) && !disabled);
  return (
    <Box>
      <Button
        variant="contained"
        size="large"
        onClick={() => (signIn.signedIn ? afterNextPaint(addLine) : signIn.ask('add to cart', { action: 'add-to-cart' }))}
        disabled={disabled || !line}
      >
        Add to Cart
      </Button>
      {signIn.prompt}
      <Snackbar open={added} autoHideDuration={3000} onClose={() => setAdded(false)} message="Added to cart" />
    </Box>
  );
}
