import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { serviceInput } from '../../../../server/domains/booking/inputs';
import type { ServiceKind } from '../../../../server/domains/booking/rules';
import { CONSULTATION_MINUTES } from '../../../../server/domains/booking/rules';
import { trpc } from '../../../trpc';
import { SERVICE_KIND_TEXT, serviceSummary } from '../service-text';
import { FlashImagePicker } from './FlashImagePicker';
import { centsFromDollars, dollarsFromCents } from './money';

type Service = {
  id: string;
  kind: ServiceKind;
  name: string;
  durationMinutes: number;
  price: number | null;
  flashImageId: string | null;
  active: boolean;
};

const EMPTY = {
  id: undefined as string | undefined,
  kind: 'consultation' as ServiceKind,
  name: 'Consultation',
  durationMinutes: String(CONSULTATION_MINUTES),
  price: '',
  flashImageId: '',
  active: true,
};

/** What clients can book: a consultation, tattoo sessions of set lengths, flash pieces at their price. */
export function ServicesSettings(props: { services: Service[] }) {
  const utils = trpc.useUtils();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const save = trpc.booking.saveService.useMutation({
    onSuccess: () => {
      setForm(EMPTY);
      void utils.booking.settings.invalidate();
    },
    onError: (e) => setError(e.message),
  });
  const set = (key: 'kind' | 'name' | 'durationMinutes' | 'price') => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = serviceInput.safeParse({
      id: form.id,
      kind: form.kind,
      name: form.name,
      durationMinutes: Number(form.durationMinutes),
      price: form.price.trim() === '' ? null : centsFromDollars(form.price),
      flashImageId: form.kind === 'flash' && form.flashImageId ? form.flashImageId : null,
      active: form.active,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the service');
    setError(null);
    save.mutate(parsed.data);
  }

  return (
    <Stack spacing={2} component="section" aria-labelledby="services-title" sx={{ maxWidth: 560 }}>
      <Typography id="services-title" variant="h6" component="h2">
        Services
      </Typography>
      {props.services.length === 0 ? (
        <Typography>No services yet: clients send a request and you quote it.</Typography>
      ) : (
        <List dense aria-label="My services">
          {props.services.map((s) => (
            <ListItem
              key={s.id}
              secondaryAction={
                <Button
                  aria-label={`Edit ${s.name}`}
                  onClick={() =>
                    setForm({
                      id: s.id,
                      kind: s.kind,
                      name: s.name,
                      durationMinutes: String(s.durationMinutes),
                      price: dollarsFromCents(s.price),
                      flashImageId: s.flashImageId ?? '',
                      active: s.active,
                    })
                  }
                >
                  Edit
                </Button>
              }
            >
              <ListItemText primary={`${s.name}${s.active ? '' : ' (hidden)'}`} secondary={serviceSummary(s)} />
            </ListItem>
          ))}
        </List>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={form.id ? 'Edit service' : 'Add a service'}>
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label="Kind" value={form.kind} onChange={set('kind')} sx={{ minWidth: 180 }}>
            {Object.entries(SERVICE_KIND_TEXT).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Service name" value={form.name} onChange={set('name')} fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="Length (minutes)" type="number" value={form.durationMinutes} onChange={set('durationMinutes')} fullWidth />
          <TextField
            label="Price (USD)"
            type="number"
            value={form.price}
            onChange={set('price')}
            helperText="Priced flash is booked directly at its price"
            fullWidth
          />
        </Stack>
        {form.kind === 'flash' && (
          <FlashImagePicker value={form.flashImageId} onChange={(flashImageId) => setForm({ ...form, flashImageId })} />
        )}
        <FormControlLabel
          control={<Switch checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />}
          label="Bookable"
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="outlined" disabled={save.isPending}>
            {form.id ? 'Save Service' : 'Add Service'}
          </Button>
          {form.id && <Button onClick={() => setForm(EMPTY)}>Cancel Edit</Button>}
        </Stack>
      </Stack>
    </Stack>
  );
}
