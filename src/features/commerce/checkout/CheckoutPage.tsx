import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { ButtonLink } from '../../../components/links';
import { trpc } from '../../../trpc';
import { errorText } from '../../../components/forms/errorText';
import { useCart } from '../cart/useCart';
import { formatCents } from '../../../../server/lib/money';
import { TotalsTable } from '../orders/TotalsTable';
import { AddressFields, emptyAddress, toShippingAddress } from './AddressFields';
import { TEST_CARDS } from './testCards';
import { useQuote } from './useQuote';
import { useNextAction } from '../../payments/useNextAction';
import { breakdownRows } from '../../payments/breakdownRows';
import { FeeBreakdown } from '../../../components/FeeBreakdown';
import { paymentBreakdown } from '../../../../server/domains/payments/rules';

const CASH = 'cash';

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** What /checkout/{storefrontId} shows when the storefront cannot be loaded (its route's error). */
export function CheckoutNotFound() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1">Storefront not found</Typography>
    </Container>
  );
}

/**
 * /checkout/{storefrontId}: shipping or pickup, address, notes, payment, and the totals by the
 * server's rules; order.checkout recomputes everything and answers with the spec's messages.
 */
export function CheckoutPage({ storefrontId }: { storefrontId: string }) {
  const [storefront] = trpc.storefront.byId.useSuspenseQuery({ storefrontId }, { retry: false });
  const { cart, clear } = useCart(storefrontId);
  const settings = storefront.settings;
  const [method, setMethod] = useState<'shipping' | 'pickup'>('shipping');
  const effectiveMethod = settings && !settings.shippingEnabled && settings.localPickupEnabled ? 'pickup' : method;
  const [address, setAddress] = useState(emptyAddress);
  const [notes, setNotes] = useState('');
  const [payment, setPayment] = useState<string>(TEST_CARDS[0].id);
  // One id per checkout attempt: a resubmit after a lost answer resumes the same order and charge.
  // A refused attempt (a declined card) is over: the next submit, with another card, is a new one.
  const [checkoutId, setCheckoutId] = useState(() => crypto.randomUUID());
  const quote = useQuote(cart, storefront, effectiveMethod);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refused = (error: { data?: { code?: string } | null }) => {
    if (error.data?.code === 'PRECONDITION_FAILED') setCheckoutId(crypto.randomUUID());
  };
  const place = trpc.order.checkout.useMutation({ onError: refused });
  const complete = trpc.order.completePayment.useMutation({ onError: refused });
  const nextAction = useNextAction();
  const [authenticating, setAuthenticating] = useState(false);
  const placed = async (orderId: string) => {
    clear();
    await utils.product.invalidate();
    await navigate({ to: '/orders/$orderId', params: { orderId }, search: { placed: true } });
  };

  const cardsAccepted = storefront.takesCards;
  const paymentMethodId = cardsAccepted && payment !== CASH ? payment : undefined;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    complete.reset();
    const order = await place
      .mutateAsync({
        checkoutId,
        storefrontId,
        items: cart.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, ...l.selection })),
        fulfillmentMethod: effectiveMethod,
        shippingAddress: effectiveMethod === 'shipping' ? toShippingAddress(address) : undefined,
        customerNotes: notes.trim() || undefined,
        paymentMethodId,
      })
      .catch(() => null);
    if (!order) return;
    // A card asking for 3-D Secure: the bank's challenge, then the server reads the outcome (decision 040).
    if (order.nextAction) {
      setAuthenticating(true);
      await nextAction.run(order.nextAction);
      const completed = await complete
        .mutateAsync({ orderId: order.id, paymentIntentId: order.nextAction.paymentIntentId })
        .catch(() => null);
      setAuthenticating(false);
      if (!completed) return;
    }
    await placed(order.id);
  };
  const failure = place.error ?? complete.error;

  return (
    <Container sx={{ py: 5 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 1 }}>
        Checkout
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {storefront.name}
      </Typography>
      {cart.lines.length === 0 && !place.isSuccess ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="info">Cart is empty</Alert>
          <ButtonLink to="/storefront/$id" params={{ id: storefrontId }} variant="outlined">
            Back to the storefront
          </ButtonLink>
        </Stack>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}
        >
          <Stack spacing={3}>
            <Step title="Delivery">
              <RadioGroup
                value={effectiveMethod}
                onChange={(e) => setMethod(e.target.value as 'shipping' | 'pickup')}
                aria-label="Delivery method"
              >
                <FormControlLabel value="shipping" control={<Radio />} label="Shipping" disabled={!settings.shippingEnabled} />
                <FormControlLabel value="pickup" control={<Radio />} label="Local pickup" disabled={!settings.localPickupEnabled} />
              </RadioGroup>
              {effectiveMethod === 'shipping' && (
                <Box sx={{ mt: 2 }}>
                  <AddressFields value={address} onChange={setAddress} />
                </Box>
              )}
              <TextField
                label="Notes for the seller"
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                multiline
                minRows={2}
                fullWidth
                sx={{ mt: 2 }}
              />
            </Step>
            <Step title="Payment">
              {!cardsAccepted && <Typography sx={{ mb: 1 }}>This storefront takes payment on pickup or delivery.</Typography>}
              <RadioGroup value={cardsAccepted ? payment : CASH} onChange={(e) => setPayment(e.target.value)} aria-label="Payment method">
                {cardsAccepted &&
                  TEST_CARDS.map((card) => (
                    <FormControlLabel key={card.id} value={card.id} control={<Radio />} label={`Test card: ${card.label}`} />
                  ))}
                <FormControlLabel value={CASH} control={<Radio />} label="Pay on pickup or delivery (cash)" />
              </RadioGroup>
              {cardsAccepted && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  Payments run on test cards: no real money moves.
                </Typography>
              )}
            </Step>
          </Stack>
          <Step title="Order summary">
            <Stack spacing={1} sx={{ mb: 2 }}>
              {quote.lines.map(({ line, unitPrice, problem }) => (
                <Box key={line.key}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Typography>
                      {line.name} × {line.quantity}
                    </Typography>
                    <Typography>{formatCents(unitPrice * line.quantity)}</Typography>
                  </Stack>
                  {line.choiceLabels.map((label) => (
                    <Typography key={label} variant="body2" color="text.secondary">
                      {label}
                    </Typography>
                  ))}
                  {problem && <Alert severity="warning">{problem}</Alert>}
                </Box>
              ))}
            </Stack>
            {quote.amounts && <TotalsTable amounts={quote.amounts} shipped={effectiveMethod === 'shipping'} />}
            {/* Decision 043: a card sale says who pays what; the fee is the one the order stores and the charge takes. */}
            {quote.amounts && paymentMethodId && (
              <Box sx={{ mt: 2 }}>
                <FeeBreakdown
                  label="Who pays what"
                  rows={breakdownRows(paymentBreakdown(quote.amounts.total, 'storefront'), {
                    viewer: 'payer',
                    recipientName: storefront.name,
                  })}
                />
              </Box>
            )}
            {failure && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorText(failure)}
              </Alert>
            )}
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              sx={{ mt: 2 }}
              loading={place.isPending || authenticating}
              disabled={quote.loading}
            >
              Place Order
            </Button>
          </Step>
        </Box>
      )}
      {nextAction.challenge}
    </Container>
  );
}
