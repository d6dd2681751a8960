import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { serviceInput } from '../../../../server/domains/booking/inputs';
import type { ServiceKind } from '../../../../server/domains/booking/rules';
import { CONSULTATION_MINUTES } from '../../../../server/domains/booking/rules';
import { centsToDollarText, parseDollarsToCents } from '../../../../server/lib/money';
import { FormSwitch } from '../../../components/forms/FormSwitch';
import { FormTextField } from '../../../components/forms/FormTextField';
import { inputResolver } from '../../../components/forms/inputResolver';
import { trpc } from '../../../trpc';
import { SERVICE_KIND_TEXT, serviceSummary } from '../service-text';
import { FlashImagePicker } from './FlashImagePicker';

type Service = {
  id: string;
  kind: ServiceKind;
  name: string;
  durationMinutes: number;
  price: number | null;
  flashImageId: string | null;
  active: boolean;
};

/** What the artist types, under the input's field names (length and price as text). */
type Fields = {
  id?: string;
  kind: ServiceKind;
  name: string;
  durationMinutes: string;
  price: string;
  flashImageId: string;
  active: boolean;
};

const EMPTY: Fields = {
  id: undefined,
  kind: 'consultation',
  name: 'Consultation',
  durationMinutes: String(CONSULTATION_MINUTES),
  price: '',
  flashImageId: '',
  active: true,
};

const fieldsOf = (s: Service): Fields => ({
  id: s.id,
  kind: s.kind,
  name: s.name,
  durationMinutes: String(s.durationMinutes),
  price: s.price ? centsToDollarText(s.price) : '',
  flashImageId: s.flashImageId ?? '',
  active: s.active,
});

/** An empty price is no price; not an amount stays NaN so the schema's own message answers. */
const toInput = (f: Fields) => ({
  id: f.id,
  kind: f.kind,
  name: f.name,
  durationMinutes: f.durationMinutes.trim() === '' ? Number.NaN : Number(f.durationMinutes),
  price: f.price.trim() === '' ? null : (parseDollarsToCents(f.price) ?? Number.NaN),
  flashImageId: f.kind === 'flash' && f.flashImageId ? f.flashImageId : null,
  active: f.active,
});

/** What clients can book: a consultation, tattoo sessions of set lengths, flash pieces at their price. */
export function ServicesSettings(props: { services: Service[] }) {
  const utils = trpc.useUtils();
  const form = useForm<Fields, unknown, z.output<typeof serviceInput>>({
    resolver: inputResolver(serviceInput, toInput),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const save = trpc.booking.saveService.useMutation({
    onSuccess: () => {
      form.reset(EMPTY);
      void utils.booking.settings.invalidate();
    },
  });
  const [id, kind] = useWatch({ control, name: ['id', 'kind'] });
  const submit = form.handleSubmit((input) => save.mutateAsync(input).catch(() => null));
  const edit = (values: Fields) => {
    save.reset();
    form.reset(values);
  };

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
                <Button aria-label={`Edit ${s.name}`} onClick={() => edit(fieldsOf(s))}>
                  Edit
                </Button>
              }
            >
              <ListItemText primary={`${s.name}${s.active ? '' : ' (hidden)'}`} secondary={serviceSummary(s)} />
            </ListItem>
          ))}
        </List>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={id ? 'Edit service' : 'Add a service'}>
        {save.error && <Alert severity="error">{save.error.message}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="kind" select label="Kind" sx={{ minWidth: 180 }}>
            {Object.entries(SERVICE_KIND_TEXT).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="name" label="Service name" fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="durationMinutes" label="Length (minutes)" type="number" fullWidth />
          <FormTextField
            control={control}
            name="price"
            label="Price (USD)"
            type="number"
            helperText="Priced flash is booked directly at its price"
            fullWidth
          />
        </Stack>
        {kind === 'flash' && (
          <Controller
            control={control}
            name="flashImageId"
            render={({ field }) => <FlashImagePicker value={field.value} onChange={field.onChange} />}
          />
        )}
        <FormSwitch control={control} name="active" label="Bookable" />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="outlined" disabled={form.formState.isSubmitting}>
            {id ? 'Save Service' : 'Add Service'}
          </Button>
          {id && <Button onClick={() => edit(EMPTY)}>Cancel Edit</Button>}
        </Stack>
      </Stack>
    </Stack>
  );
}
