import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { walkInInput } from '../../../server/domains/booking/inputs';
import { studioTimeToInstant } from '../../../server/domains/booking/rules';
import { trpc } from '../../trpc';
import { DateTimeField } from '../booking/DateTimeField';
import { formatWhen } from '../booking/format';
import { personName } from '../booking/status';

const EMPTY = { artistId: '', clientName: '', title: '', startsAt: '', durationMinutes: '60' };

/**
 * Studio staff add a walk-in to one of the studio's artists, in studio time: confirmed at once;
 * the server checks the staff permission and refuses a time the artist is busy.
 */
export function WalkInForm(props: { shopId: string }) {
  const utils = trpc.useUtils();
  const studio = trpc.studio.byId.useQuery({ id: props.shopId });
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const add = trpc.booking.addWalkIn.useMutation({
    onSuccess: (booking) => {
      setForm(EMPTY);
      setAdded(`Walk-in added: ${booking.clientName}, ${formatWhen(booking.startsAt, booking.timezone)}`);
      void utils.calendar.events.invalidate();
    },
    onError: (e) => setError(e.message),
  });
  if (!studio.data) return null;
  const timezone = studio.data.timezone;
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setAdded(null);
    const startsAt = form.startsAt ? studioTimeToInstant(form.startsAt, timezone) : undefined;
    if (startsAt === null) return setError('That time does not exist at the studio (the clocks change). Pick another time.');
    const parsed = walkInInput.safeParse({
      shopId: props.shopId,
      artistId: form.artistId,
      clientName: form.clientName,
      title: form.title,
      startsAt,
      durationMinutes: Number(form.durationMinutes),
    });
    if (!parsed.success) return setError(form.artistId ? (parsed.error.issues[0]?.message ?? 'Check the walk-in') : 'Choose the artist');
    setError(null);
    add.mutate(parsed.data);
  }

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-labelledby="walk-in-title">
        <Typography id="walk-in-title" variant="h6" component="h2">
          Add a walk-in
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {added && <Alert severity="success">{added}</Alert>}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField select label="Artist" value={form.artistId} onChange={set('artistId')} sx={{ minWidth: 200 }}>
            {studio.data.artists.map((a) => (
              <MenuItem key={a.userId} value={a.userId}>
                {personName(a)}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Client name" value={form.clientName} onChange={set('clientName')} fullWidth />
          <TextField label="Tattoo" placeholder="e.g. flash heart, wrist" value={form.title} onChange={set('title')} fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <DateTimeField
            label={`Starts (studio time, ${timezone})`}
            value={form.startsAt}
            onChange={(startsAt) => setForm({ ...form, startsAt })}
          />
          <TextField
            label="Length (minutes)"
            type="number"
            value={form.durationMinutes}
            onChange={set('durationMinutes')}
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
