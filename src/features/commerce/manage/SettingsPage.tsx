import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { updateStorefrontSettingsInput } from '../../../../server/domains/storefronts/inputs';
import { trpc } from '../../../trpc';
import { errorText } from '../../../components/forms/errorText';
import { centsToDollarText, parseDollarsToCents } from '../../../../server/lib/money';
import type { PublicStorefront } from '../types';
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

function SettingsForm({ store }: { store: PublicStorefront }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { settings } = store;
  const [fields, setFields] = useState({
    name: store.name,
    description: store.description,
    taxRate: String(settings.taxRate),
    shippingRate: centsToDollarText(settings.shippingRate),
    freeShippingThreshold: centsToDollarText(settings.freeShippingThreshold),
    processingTimeBusinessDays: String(settings.processingTimeBusinessDays),
  });
  const [flags, setFlags] = useState(
    () => Object.fromEntries(FLAGS.map(([key]) => [key, settings[key]])) as Record<(typeof FLAGS)[number][0], boolean>,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
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
  const text = (key: keyof typeof fields) => ({
    value: fields[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setSaved(false);
      setFields((f) => ({ ...f, [key]: e.target.value }));
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = updateStorefrontSettingsInput.safeParse({
      storefrontId: store.id,
      name: fields.name,
      description: fields.description,
      settings: {
        ...flags,
        taxRate: fields.taxRate.trim() === '' ? Number.NaN : Number(fields.taxRate),
        shippingRate: parseDollarsToCents(fields.shippingRate) ?? Number.NaN,
        freeShippingThreshold: parseDollarsToCents(fields.freeShippingThreshold) ?? Number.NaN,
        processingTimeBusinessDays:
          fields.processingTimeBusinessDays.trim() === '' ? Number.NaN : Number(fields.processingTimeBusinessDays),
      },
    });
    if (!parsed.success) return setFormError(parsed.error.issues[0]?.message ?? 'Check the form');
    setFormError(null);
    update.mutate(parsed.data);
  };
  const error = formError ?? (update.error ? errorText(update.error) : null);

  return (
    <Stack spacing={3}>
      <Card variant="outlined" component="form" onSubmit={submit} noValidate aria-label="Storefront settings">
        <CardContent>
          <Stack spacing={2}>
            <TextField label="Storefront Name" required {...text('name')} />
            <TextField label="Description" multiline minRows={3} {...text('description')} />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField label="Tax rate (%)" inputMode="decimal" {...text('taxRate')} />
              <TextField label="Processing time (business days)" type="number" {...text('processingTimeBusinessDays')} />
              <TextField label="Shipping rate ($)" inputMode="decimal" {...text('shippingRate')} />
              <TextField
                label="Free shipping threshold ($)"
                helperText="0 means shipping is never free"
                inputMode="decimal"
                {...text('freeShippingThreshold')}
              />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              {FLAGS.map(([key, label]) => (
                <FormControlLabel
                  key={key}
                  control={
                    <Switch
                      checked={flags[key]}
                      onChange={(_, v) => {
                        setSaved(false);
                        setFlags((f) => ({ ...f, [key]: v }));
                      }}
                    />
                  }
                  label={label}
                />
              ))}
            </Box>
            {error && <Alert severity="error">{error}</Alert>}
            {saved && <Alert severity="success">Settings saved</Alert>}
            <div>
              <Button type="submit" variant="contained" loading={update.isPending}>
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
            <Button variant="outlined" loading={toggle.isPending} onClick={() => toggle.mutate({ storefrontId: store.id })}>
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
