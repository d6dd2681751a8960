import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { walkInInput } from '../../../server/domains/booking/inputs';
import { studioTimeToInstant } from '../../../server/domains/booking/rules';
import { FormDateTimeField } from '../../components/forms/FormDateTimeField';
import { FormTextField } from '../../components/forms/FormTextField';
import { inputResolver } from '../../components/forms/inputResolver';
import { trpc } from '../../trpc';
import { formatWhen } from '../booking/format';
import { personName } from '../booking/status';
import { ErrorOrUpgrade } from '../payments/UpgradePrompt';

type Fields = { artistId: string; clientName: string; title: string; startsAt: string; durationMinutes: string };
type WalkIn = z.output<typeof walkInInput>;
const EMPTY: Fields = { artistId: '', clientName: '', title: '', startsAt: '', durationMinutes: '60' };
const NO_SUCH_TIME = 'That time does not exist at the studio (the clocks change). Pick another time.';

/**
 * The walk-in input's schema, after two checks of what only the form knows: a studio time the
 * clocks skip, and no artist chosen yet (the schema would say the artist is not found).
 */
function walkInResolver(shopId: string, timezone: string): Resolver<Fields, unknown, WalkIn> {
  const instant = (f: Fields) => (f.startsAt ? studioTimeToInstant(f.startsAt, timezone) : undefined);
  return inputResolver(
    walkInInput,
    (f: Fields) => ({
      shopId,
      artistId: f.artistId,
      clientName: f.clientName,
      title: f.title,
      startsAt: instant(f) ?? undefined,
      durationMinutes: f.durationMinutes.trim() === '' ? Number.NaN : Number(f.durationMinutes),
    }),
    (f) => ({ artistId: !f.artistId && 'Choose the artist', startsAt: instant(f) === null && NO_SUCH_TIME }),
  );
}

/**
 * Studio staff add a walk-in to one of the studio's artists, in studio time: confirmed at once;
 * the server checks the staff permission and refuses a time the artist is busy.
 */
export function WalkInForm(props: { shopId: string }) {
  const studio = trpc.studio.byId.useQuery({ id: props.shopId });
  if (!studio.data) return null;
  return <WalkInFields shopId={props.shopId} timezone={studio.data.timezone} artists={studio.data.artists} />;
}

function WalkInFields(props: { shopId: string; timezone: string; artists: Array<{ userId: string } & Parameters<typeof personName>[0]> }) {
  const { timezone } = props;
  const utils = trpc.useUtils();
  const [added, setAdded] = useState<string | null>(null);
  const form = useForm<Fields, unknown, WalkIn>({ resolver: walkInResolver(props.shopId, timezone), defaultValues: EMPTY });
  const { control } = form;
  const add = trpc.booking.addWalkIn.useMutation({
    onSuccess: (booking) => {
      form.reset(EMPTY);
      setAdded(`Walk-in added: ${booking.clientName}, ${formatWhen(booking.startsAt, booking.timezone)}`);
      void utils.calendar.events.invalidate();
    },
  });
  const submit = form.handleSubmit(
    (input) => {
      setAdded(null);
      return add.mutateAsync(input).catch(() => null);
    },
    () => setAdded(null),
  );

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-labelledby="walk-in-title">
        <Typography id="walk-in-title" variant="h6" component="h2">
          Add a walk-in
        </Typography>
        {add.error && <ErrorOrUpgrade error={add.error} />}
        {added && <Alert severity="success">{added}</Alert>}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField control={control} name="artistId" select label="Artist" sx={{ minWidth: 200 }}>
            {props.artists.map((a) => (
              <MenuItem key={a.userId} value={a.userId}>
                {personName(a)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="clientName" label="Client name" fullWidth />
          <FormTextField control={control} name="title" label="Tattoo" placeholder="e.g. flash heart, wrist" fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormDateTimeField control={control} name="startsAt" label={`Starts (studio time, ${timezone})`} />
          <FormTextField
            control={control}
            name="durationMinutes"
            label="Length (minutes)"
            type="number"
            slotProps={{ htmlInput: { min: 15, max: 720, step: 15 } }}
            fullWidth
          />
          <Button type="submit" variant="contained" disabled={add.isPending} sx={{ whiteSpace: 'nowrap', minWidth: 160 }}>
            {add.isPending ? 'Adding…' : 'Add Walk-in'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
