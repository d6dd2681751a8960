import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { z } from 'zod';
import { bookingSettingsInput } from '../../../../server/domains/booking/inputs';
import { trpc } from '../../../trpc';
import { centsFromDollars, dollarsFromCents } from './money';

type Settings = z.output<typeof bookingSettingsInput>;

/** Books open, buffer, deposit policy, reschedule policy and confirmation mode. */
export function BookingPolicyForm(props: { settings: Settings }) {
  const utils = trpc.useUtils();
  const [form, setForm] = useState({
    booksOpen: props.settings.booksOpen,
    depositPolicy: props.settings.depositPolicy as string,
    confirmationMode: props.settings.confirmationMode as string,
    depositFixed: dollarsFromCents(props.settings.depositFixedCents),
    bufferMinutes: String(props.settings.bufferMinutes),
    depositPercent: String(props.settings.depositPercent),
    freeReschedules: String(props.settings.freeReschedules),
    rescheduleNoticeHours: String(props.settings.rescheduleNoticeHours),
  });
  const [error, setError] = useState<string | null>(null);
  const save = trpc.booking.saveSettings.useMutation({
    onSuccess: (saved) => utils.booking.settings.setData(undefined, saved),
    onError: (e) => setError(e.message),
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = bookingSettingsInput.safeParse({
      booksOpen: form.booksOpen,
      bufferMinutes: Number(form.bufferMinutes),
      depositPolicy: form.depositPolicy,
      depositFixedCents: form.depositPolicy === 'fixed' ? centsFromDollars(form.depositFixed) : 0,
      depositPercent: form.depositPolicy === 'percent' ? Number(form.depositPercent) : 0,
      freeReschedules: Number(form.freeReschedules),
      rescheduleNoticeHours: Number(form.rescheduleNoticeHours),
      confirmationMode: form.confirmationMode,
    });
    save.reset();
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    save.mutate(parsed.data);
  }

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-labelledby="booking-policy-title" sx={{ maxWidth: 560 }}>
      <Typography id="booking-policy-title" variant="h6" component="h2">
        Booking
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {save.isSuccess && <Alert severity="success">Booking settings saved</Alert>}
      <FormControlLabel
        control={<Switch checked={form.booksOpen} onChange={(e) => setForm({ ...form, booksOpen: e.target.checked })} />}
        label="Books open (clients can send booking requests)"
      />
      <TextField label="Buffer between sessions (minutes)" type="number" value={form.bufferMinutes} onChange={set('bufferMinutes')} />
      <TextField
        select
        label="Deposit"
        value={form.depositPolicy}
        onChange={set('depositPolicy')}
        helperText="Non-refundable, applied to the final session"
      >
        <MenuItem value="none">No deposit</MenuItem>
        <MenuItem value="fixed">Fixed amount</MenuItem>
        <MenuItem value="percent">Percent of the estimate</MenuItem>
      </TextField>
      {form.depositPolicy === 'fixed' && (
        <TextField label="Deposit amount (USD)" type="number" value={form.depositFixed} onChange={set('depositFixed')} />
      )}
      {form.depositPolicy === 'percent' && (
        <TextField label="Deposit percent" type="number" value={form.depositPercent} onChange={set('depositPercent')} />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Free reschedules" type="number" value={form.freeReschedules} onChange={set('freeReschedules')} fullWidth />
        <TextField
          label="Notice window (hours)"
          type="number"
          value={form.rescheduleNoticeHours}
          onChange={set('rescheduleNoticeHours')}
          fullWidth
        />
      </Stack>
      <TextField select label="Confirmation" value={form.confirmationMode} onChange={set('confirmationMode')}>
        <MenuItem value="automatic">Automatic (when the deposit is paid)</MenuItem>
        <MenuItem value="approval">After my approval</MenuItem>
      </TextField>
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        Save Booking Settings
      </Button>
    </Stack>
  );
}
