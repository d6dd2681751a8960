import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { timeOffInput } from '../../../../server/domains/booking/inputs';
import { trpc } from '../../../trpc';
import { DateTimeField } from '../DateTimeField';

const when = (d: Date) =>
  d.toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
/** A datetime-local value is the viewer's local time; an empty one stays undefined for the schema's message. */
const instant = (value: string) => (value ? new Date(value) : undefined);

/** Time off (holidays, conventions): no slots are offered inside it. */
export function TimeOffSettings(props: { timeOff: Array<{ id: string; startsAt: Date; endsAt: Date; note: string | null }> }) {
  const utils = trpc.useUtils();
  const [form, setForm] = useState({ startsAt: '', endsAt: '', note: '' });
  const [error, setError] = useState<string | null>(null);
  const failed = (e: { message: string }) => setError(e.message);
  const add = trpc.booking.addTimeOff.useMutation({
    onSuccess: (saved) => {
      setForm({ startsAt: '', endsAt: '', note: '' });
      utils.booking.settings.setData(undefined, saved);
    },
    onError: failed,
  });
  const remove = trpc.booking.removeTimeOff.useMutation({ onSuccess: () => void utils.booking.settings.invalidate(), onError: failed });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = timeOffInput.safeParse({ startsAt: instant(form.startsAt), endsAt: instant(form.endsAt), note: form.note || undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the dates');
    setError(null);
    add.mutate(parsed.data);
  }

  return (
    <Stack spacing={2} component="section" aria-labelledby="time-off-title" sx={{ maxWidth: 560 }}>
      <Typography id="time-off-title" variant="h6" component="h2">
        Time off
      </Typography>
      {props.timeOff.length === 0 ? (
        <Typography>No time off planned</Typography>
      ) : (
        <List dense aria-label="Planned time off">
          {props.timeOff.map((t) => (
            <ListItem
              key={t.id}
              secondaryAction={
                <Button
                  color="warning"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: t.id })}
                  aria-label={`Remove time off from ${when(t.startsAt)}`}
                >
                  Remove
                </Button>
              }
            >
              <ListItemText primary={`${when(t.startsAt)} – ${when(t.endsAt)}`} secondary={t.note} />
            </ListItem>
          ))}
        </List>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Add time off">
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateTimeField label="From" value={form.startsAt} onChange={(startsAt) => setForm({ ...form, startsAt })} />
          <DateTimeField label="Until" value={form.endsAt} onChange={(endsAt) => setForm({ ...form, endsAt })} />
        </Stack>
        <TextField label="Note" value={form.note} onChange={(e) => setForm({ ...form, note: e.target.value })} />
        <Button type="submit" variant="outlined" disabled={add.isPending} sx={{ alignSelf: 'flex-start' }}>
          Add Time Off
        </Button>
      </Stack>
    </Stack>
  );
}
