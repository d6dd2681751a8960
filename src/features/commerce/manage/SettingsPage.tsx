import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateStorefrontSettingsInput } from '../../../../server/domains/storefronts/inputs';
import { trpc } from '../../../trpc';
import { errorText } from '../../../components/forms/errorText';
import { ButtonLink } from '../../../components/links';
import { FormSwitch } from '../../../components/forms/FormSwitch';
import { FormTextField } from '../../../components/forms/FormTextField';
import { inputResolver } from '../../../components/forms/inputResolver';
import { centsToDollarText, parseDollarsToCents } from '../../../../server/lib/money';
import type { PublicStorefront } from '../types';
import { CardPaymentsCard } from './CardPaymentsCard';
import { ManageShell } from './ManageShell';

const FLAGS = [
  ['acceptsPayments', 'Accept payments'],
  ['shippingEnabled', 'Shipping'],
  ['localPickupEnabled', 'Local pickup'],
  ['customOrdersEnabled', 'Custom orders'],
] as const;

/** /manage/storefront/{id}/settings: name, description, tax, shipping, processing time, options; activate or delete. */
export function SettingsPage({ storefrontId }: { storefrontId: string }) {
  return (
    <ManageShell storefrontId={storefrontId} tab="settings">
      {(store) => <SettingsForm key={store.updatedAt.toString()} store={store} />}
    </ManageShell>
  );
}

type Flag = (typeof FLAGS)[number][0];

/**
 * A refused save. Switching cards on without an active payout account (decision 038) comes with
 * the way to fix it: onboarding for the account's holder; a store manager is sent to the studio owner.
 */
function SaveRefusal({ error, storefrontId }: { error: { message: string; data?: { code?: string } | null }; storefrontId: string }) {
  const payouts = trpc.connect.storefrontPayouts.useQuery({ storefrontId });
  const p = payouts.data;
  const needsPayouts = error.data?.code === 'PRECONDITION_FAILED' && p && !p.canAcceptCards;
  return (
    <Alert severity="error">
      {errorText(error)}
      {needsPayouts && !p.youHoldTheAccount && ' Ask the studio owner to set up payouts from their account.'}
      {/* The way out sits below the message, so a phone never squeezes the two side by side. */}
      {needsPayouts && p.youHoldTheAccount && (
        <Box sx={{ mt: 1 }}>
          <ButtonLink to="/payment-setup" search={{ context: 'storefront' }} size="small" variant="outlined" color="inherit">
            Set up payouts
          </ButtonLink>
        </Box>
      )}
    </Alert>
  );
}

/** What the seller types, under the input's names (rates and days as text, money in dollars). */
type Fields = {
  name: string;
  description: string;
  settings: Record<'taxRate' | 'shippingRate' | 'freeShippingThreshold' | 'processingTimeBusinessDays', string> & Record<Flag, boolean>;
};

/** '' and not-a-number stay NaN so the server schema's own message answers. */
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const cents = (text: string) => parseDollarsToCents(text) ?? Number.NaN;

function SettingsForm({ store }: { store: PublicStorefront }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { settings } = store;
  const form = useForm<Fields, unknown, z.output<typeof updateStorefrontSettingsInput>>({
    resolver: inputResolver(updateStorefrontSettingsInput, ({ name, description, settings: s }: Fields) => ({
      storefrontId: store.id,
      name,
      description,
      settings: {
        ...s,
        taxRate: number(s.taxRate),
        shippingRate: cents(s.shippingRate),
        freeShippingThreshold: cents(s.freeShippingThreshold),
        processingTimeBusinessDays: number(s.processingTimeBusinessDays),
      },
    })),
    defaultValues: {
      name: store.name,
      description: store.description,
      settings: {
        ...(Object.fromEntries(FLAGS.map(([key]) => [key, settings[key]])) as Record<Flag, boolean>),
        taxRate: String(settings.taxRate),
        shippingRate: centsToDollarText(settings.shippingRate),
        freeShippingThreshold: centsToDollarText(settings.freeShippingThreshold),
        processingTimeBusinessDays: String(settings.processingTimeBusinessDays),
      },
    },
  });
  const { control } = form;
  const [saved, setSaved] = useState(false);
  // "Settings saved" stands until the seller changes something again.
  useEffect(() => {
    const watching = form.watch(() => setSaved(false));
    return () => watching.unsubscribe();
  }, [form]);
  const refresh = () => Promise.all([utils.storefront.byId.invalidate({ storefrontId: store.id }), utils.storefront.mine.invalidate()]);
  const update = trpc.storefront.updateSettings.useMutation({
    onSuccess: async () => {
      setSaved(true);
      await refresh();
    },
  });
  const toggle = trpc.storefront.toggleActive.useMutation({ onSuccess: refresh });
  const remove = trpc.storefront.delete.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.storefront.mine.invalidate(), utils.auth.me.invalidate()]);
      await navigate({ to: '/account/$section', params: { section: 'storefront' } });
    },
  });
  const submit = form.handleSubmit((input) => update.mutateAsync(input).catch(() => null));

  return (
    <Stack spacing={3}>
      <CardPaymentsCard storefrontId={store.id} accepting={settings.acceptsPayments} />
      <Card variant="outlined" component="form" onSubmit={submit} noValidate aria-label="Storefront settings">
        <CardContent>
          <Stack spacing={2}>
            <FormTextField control={control} name="name" label="Storefront Name" required />
            <FormTextField control={control} name="description" label="Description" multiline minRows={3} />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormTextField control={control} name="settings.taxRate" label="Tax rate (%)" inputMode="decimal" />
              <FormTextField
                control={control}
                name="settings.processingTimeBusinessDays"
                label="Processing time (business days)"
                type="number"
              />
              <FormTextField control={control} name="settings.shippingRate" label="Shipping rate ($)" inputMode="decimal" />
              <FormTextField
                control={control}
                name="settings.freeShippingThreshold"
                label="Free shipping threshold ($)"
                helperText="0 means shipping is never free"
                inputMode="decimal"
              />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              {FLAGS.map(([key, label]) => (
                <FormSwitch key={key} control={control} name={`settings.${key}`} label={label} />
              ))}
            </Box>
            {update.error && <SaveRefusal error={update.error} storefrontId={store.id} />}
            {saved && <Alert severity="success">Settings saved</Alert>}
            <div>
              <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
                Save Settings
              </Button>
            </div>
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-label="Status">
        <CardContent>
          <Typography sx={{ mb: 2 }}>
            This storefront is <strong>{store.isActive ? 'active' : 'inactive'}</strong>
            {store.isActive ? ': buyers can see and order from it.' : ': only its managers can see it.'}
          </Typography>
          {(toggle.error || remove.error) && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(toggle.error ?? remove.error)}
            </Alert>
          )}
          <Stack direction="row" spacing={2}>
            <Button
              variant="outlined"
              loading={toggle.isPending}
              onClick={() => toggle.mutate({ storefrontId: store.id, active: !store.isActive })}
            >
              {store.isActive ? 'Deactivate Storefront' : 'Activate Storefront'}
            </Button>
            <Button
              color="error"
              loading={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete ${store.name}? Its orders are kept.`)) remove.mutate({ storefrontId: store.id });
              }}
            >
              Delete Storefront
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
