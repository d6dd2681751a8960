import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { OpeningHours } from '../../../server/domains/studios/rules';
import { US_STATES } from '../../../server/domains/studios/rules';
import { TIMEZONE_OPTIONS } from '../../../server/domains/studios/inputs';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { OperatingHoursEditor } from './OperatingHoursEditor';

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
const TOGGLES = [
  ['lookingForResident', 'Accepting Resident Artists'],
  ['lookingForGuest', 'Accepting Guest Artists'],
  ['isBookable', 'Accept Booking Requests'],
  ['useArtistsPortfolios', "Show Artists' Portfolios"],
  ['useArtistsFlashes', "Show Artists' Flashes"],
] as const;
const SUCCESS_MS = 3000;

/** Every field and toggle of a studio; the server validates with the same schema as creation. */
export function StudioDetailsForm({ studio }: { studio: Studio }) {
  const utils = trpc.useUtils();
  const update = trpc.studio.update.useMutation({ onSuccess: () => utils.studio.invalidate() });
  const [values, setValues] = useState(() => ({
    ...studio,
    urlSlug: studio.urlSlug ?? '',
    phone: studio.phone ?? '',
    email: studio.email ?? '',
    website: studio.website ?? '',
    description: studio.description ?? '',
  }));
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [saved]);
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const {
      id,
      name,
      urlSlug,
      address,
      city,
      state,
      zipCode,
      timezone,
      phone,
      email,
      website,
      description,
      openingHours,
      lookingForResident,
      lookingForGuest,
      isBookable,
      useArtistsPortfolios,
      useArtistsFlashes,
    } = values;
    const result = await update
      .mutateAsync({
        id,
        name,
        urlSlug,
        address,
        city,
        state: state as (typeof US_STATES)[number],
        zipCode,
        timezone,
        phone,
        email,
        website,
        description,
        openingHours,
        lookingForResident,
        lookingForGuest,
        isBookable,
        useArtistsPortfolios,
        useArtistsFlashes,
      })
      .catch(() => null);
    if (result) setSaved(true);
  };
  return (
    <Card variant="outlined">
      <CardContent component="form" onSubmit={save} noValidate>
        <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
          Studio details
        </Typography>
        <Stack spacing={2}>
          {saved && <Alert severity="success">Studio updated successfully</Alert>}
          {update.error && <Alert severity="error">{errorText(update.error)}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {TEXT_FIELDS.map(([key, label]) => (
              <TextField key={key} label={label} value={values[key]} onChange={(e) => set({ [key]: e.target.value })} />
            ))}
            <TextField select label="State" value={values.state} onChange={(e) => set({ state: e.target.value })}>
              {US_STATES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Timezone" value={values.timezone} onChange={(e) => set({ timezone: e.target.value })}>
              {TIMEZONE_OPTIONS.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextField
            label="Description"
            multiline
            minRows={3}
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
          />
          <OperatingHoursEditor value={values.openingHours} onChange={(openingHours) => set({ openingHours })} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {TOGGLES.map(([key, label]) => (
              <FormControlLabel
                key={key}
                control={<Switch checked={values[key]} onChange={(e) => set({ [key]: e.target.checked })} />}
                label={label}
              />
            ))}
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
