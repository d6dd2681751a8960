import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../trpc';
import { TEST_CARDS } from '../commerce/checkout/testCards';
import { loadStripe, type StripeCardElement, type StripeJs } from './stripe-js';

type Props = {
  submitLabel: string;
  busy?: boolean;
  error?: string | null;
  /** Receives the pm_… id of the card entered. */
  onPaymentMethod(paymentMethodId: string): Promise<unknown> | undefined;
};

/** Card entry: Stripe Elements when the server has Stripe configured, the local test form otherwise. */
export function CardEntry(props: Props) {
  const config = trpc.payment.config.useQuery();
  if (!config.data) return null;
  if (config.data.provider === 'stripe' && config.data.publishableKey)
    return <StripeCardForm publishableKey={config.data.publishableKey} {...props} />;
  return <LocalTestCardForm {...props} />;
}

function LocalTestCardForm({ submitLabel, busy, error, onPaymentMethod }: Props) {
  const [card, setCard] = useState<string>(TEST_CARDS[0].id);
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(e) => {
        e.preventDefault();
        void onPaymentMethod(card);
      }}
    >
      <Typography variant="body2" color="text.secondary">
        Test mode: no real card is charged. Pick one of Stripe’s test cards.
      </Typography>
      <FormControl fullWidth>
        <InputLabel id="test-card-label">Test card</InputLabel>
        <Select labelId="test-card-label" label="Test card" value={card} onChange={(e) => setCard(e.target.value)}>
          {TEST_CARDS.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Please wait…' : submitLabel}
      </Button>
    </Stack>
  );
}

function StripeCardForm({ publishableKey, submitLabel, busy, error, onPaymentMethod }: Props & { publishableKey: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripe(publishableKey)
      .then((js) => {
        if (cancelled || !host.current) return;
        card = js.elements().create('card', { hidePostalCode: false });
        card.mount(host.current);
        card.on('change', (e) => setCardError(e.error?.message ?? null));
        setStripe({ js, card });
      })
      .catch((e: Error) => setCardError(e.message));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={async (e) => {
        e.preventDefault();
        if (!stripe) return;
        setCreating(true);
        const result = await stripe.js.createPaymentMethod({ type: 'card', card: stripe.card });
        setCreating(false);
        if (result.error || !result.paymentMethod) setCardError(result.error?.message ?? 'Your card could not be read');
        else await onPaymentMethod(result.paymentMethod.id);
      }}
    >
      <Typography component="label" variant="body2" id="card-element-label">
        Card details
      </Typography>
      <Box
        ref={host}
        role="group"
        aria-labelledby="card-element-label"
        sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      {(cardError || error) && <Alert severity="error">{cardError ?? error}</Alert>}
      <Button type="submit" variant="contained" disabled={busy || creating || !stripe}>
        {busy || creating ? 'Please wait…' : submitLabel}
      </Button>
    </Stack>
  );
}
