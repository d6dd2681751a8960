import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { OpeningHours } from '../../../server/domains/studios/rules';
import { US_STATES } from '../../../server/domains/studios/rules';
import { TIMEZONE_OPTIONS, updateStudioInput } from '../../../server/domains/studios/inputs';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { FormSwitch } from '../../components/forms/FormSwitch';
import { FormTextField } from '../../components/forms/FormTextField';
import { useSavedNotice } from '../../components/forms/useSavedNotice';
import { OperatingHoursEditor } from './OperatingHoursEditor';
import { StudioToggles } from './StudioToggles';

type Studio = {
  id: string;
  name: string;
  urlSlug: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  timezone: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  description: string | null;
  openingHours: OpeningHours;
  lookingForResident: boolean;
  lookingForGuest: boolean;
  isBookable: boolean;
  useArtistsPortfolios: boolean;
  useArtistsFlashes: boolean;
  useCarousel: boolean;
};
const TEXT_FIELDS = [
  ['name', 'Studio Name'],
  ['urlSlug', 'URL'],
  ['address', 'Address'],
  ['city', 'City'],
  ['zipCode', 'Zip Code'],
  ['phone', 'Phone'],
  ['email', 'Email'],
  ['website', 'Website'],
] as const;
type Fields = z.input<typeof updateStudioInput>;

/** Every field and toggle of a studio; the server validates with the same schema as creation. */
export function StudioDetailsForm({ studio }: { studio: Studio }) {
  const utils = trpc.useUtils();
  const update = trpc.studio.update.useMutation({ onSuccess: () => utils.studio.invalidate() });
  const saved = useSavedNotice();
  const form = useForm<Fields, unknown, z.output<typeof updateStudioInput>>({
    resolver: zodResolver(updateStudioInput),
    defaultValues: {
      ...studio,
      state: studio.state as (typeof US_STATES)[number],
      urlSlug: studio.urlSlug ?? '',
      phone: studio.phone ?? '',
      email: studio.email ?? '',
      website: studio.website ?? '',
      description: studio.description ?? '',
    },
  });
  const { control } = form;
  const save = form.handleSubmit(async (input) => {
    if (await update.mutateAsync(input).catch(() => null)) saved.show();
  });
  return (
    <Card variant="outlined">
      <CardContent component="form" onSubmit={save} noValidate>
        <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
          Studio details
        </Typography>
        <Stack spacing={2}>
          {saved.shown && <Alert severity="success">Studio updated successfully</Alert>}
          {update.error && <Alert severity="error">{errorText(update.error)}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {TEXT_FIELDS.map(([key, label]) => (
              <FormTextField key={key} control={control} name={key} label={label} />
            ))}
            <FormTextField control={control} name="state" select label="State">
              {US_STATES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="timezone" select label="Timezone">
              {TIMEZONE_OPTIONS.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </FormTextField>
          </Box>
          <FormTextField control={control} name="description" label="Description" multiline minRows={3} />
          <Controller
            control={control}
            name="openingHours"
            render={({ field }) => <OperatingHoursEditor value={field.value as OpeningHours} onChange={field.onChange} />}
          />
          <StudioToggles control={control} />
          <Box>
            <FormSwitch control={control} name="useCarousel" label="Show Galleries as a Carousel" />
            <Typography variant="body2" color="text.secondary">
              Visitors see the portfolio and flash one image at a time, with previous and next buttons, instead of a grid.
            </Typography>
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
