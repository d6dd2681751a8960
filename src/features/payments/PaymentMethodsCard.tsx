import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { LoadFailed } from '../../components/LoadFailed';
import { CardEntry } from './CardEntry';
import { PAYMENT_METHODS_ANCHOR } from './PastDueNotice';
import { SectionCard } from './SectionCard';

const cardName = (m: { brand: string | null; last4: string | null }) =>
  `${(m.brand ?? 'Card').replace(/^\w/, (c) => c.toUpperCase())} •••• ${m.last4 ?? '????'}`;

/** Saved cards: the default, set default, delete, add (pm_ rules and messages from the server). */
export function PaymentMethodsCard() {
  const utils = trpc.useUtils();
  const methods = trpc.payment.methods.useQuery();
  const refresh = () => utils.payment.methods.invalidate();
  const add = trpc.payment.addMethod.useMutation({ onSuccess: refresh });
  const setDefault = trpc.payment.setDefaultMethod.useMutation({ onSuccess: refresh });
  const remove = trpc.payment.deleteMethod.useMutation({ onSuccess: refresh });
  const [adding, setAdding] = useState(false);
  const error = setDefault.error ?? remove.error;
  return (
    <SectionCard title="Payment methods" id={PAYMENT_METHODS_ANCHOR}>
      {methods.isError && (
        <LoadFailed message="Failed to fetch payment methods" onRetry={() => methods.refetch()} retrying={methods.isFetching} />
      )}
      {methods.data?.length === 0 && <Typography color="text.secondary">No saved cards.</Typography>}
      <List>
        {methods.data?.map((m) => (
          <ListItem
            key={m.id}
            disableGutters
            secondaryAction={
              <Stack direction="row" spacing={1}>
                {!m.isDefault && (
                  <Button
                    size="small"
                    onClick={() => setDefault.mutate({ paymentMethodId: m.stripePaymentMethodId })}
                    aria-label={`Make ${cardName(m)} the default`}
                  >
                    Make default
                  </Button>
                )}
                <Button
                  size="small"
                  color="error"
                  onClick={() => remove.mutate({ paymentMethodId: m.stripePaymentMethodId })}
                  aria-label={`Remove ${cardName(m)}`}
                >
                  Remove
                </Button>
              </Stack>
            }
          >
            <ListItemText
              primary={
                // The chip flows with the card's name and wraps under it on a phone, never over it.
                <Stack component="span" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{cardName(m)}</span>
                  {m.isDefault && <Chip size="small" label="Default" component="span" />}
                </Stack>
              }
              secondary={m.expMonth ? `Expires ${String(m.expMonth).padStart(2, '0')}/${m.expYear}` : undefined}
            />
          </ListItem>
        ))}
      </List>
      {error && <Alert severity="error">{errorText(error)}</Alert>}
      {adding ? (
        <CardEntry
          submitLabel="Save card"
          busy={add.isPending}
          error={add.error ? errorText(add.error) : null}
          onPaymentMethod={async (paymentMethodId) => {
            const saved = await add.mutateAsync({ paymentMethodId, setDefault: false }).catch(() => null);
            if (saved) setAdding(false);
          }}
        />
      ) : (
        <Button variant="outlined" onClick={() => setAdding(true)}>
          Add a card
        </Button>
      )}
    </SectionCard>
  );
}
