import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { timeOffInput } from '../../../../server/domains/booking/inputs';
import { FormDateTimeField } from '../../../components/forms/FormDateTimeField';
import { FormTextField } from '../../../components/forms/FormTextField';
import { inputResolver } from '../../../components/forms/inputResolver';
import { trpc } from '../../../trpc';

const when = (d: Date) =>
  d.toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
type Fields = { startsAt: string; endsAt: string; note: string };
const EMPTY: Fields = { startsAt: '', endsAt: '', note: '' };
/** A datetime-local value is the viewer's local time; an empty one stays undefined for the schema's message. */
const instant = (value: string) => (value ? new Date(value) : undefined);
const toInput = (f: Fields) => ({ startsAt: instant(f.startsAt), endsAt: instant(f.endsAt), note: f.note || undefined });

/** Time off (holidays, conventions): no slots are offered inside it. */
export function TimeOffSettings(props: { timeOff: Array<{ id: string; startsAt: Date; endsAt: Date; note: string | null }> }) {
  const utils = trpc.useUtils();
  const form = useForm<Fields, unknown, z.output<typeof timeOffInput>>({
    resolver: inputResolver(timeOffInput, toInput),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const add = trpc.booking.addTimeOff.useMutation({
    onSuccess: (saved) => {
      form.reset(EMPTY);
      utils.booking.settings.setData(undefined, saved);
    },
  });
  const remove = trpc.booking.removeTimeOff.useMutation({ onSuccess: () => void utils.booking.settings.invalidate() });
  const error = add.error ?? remove.error;
  const submit = form.handleSubmit((input) => {
    remove.reset();
    return add.mutateAsync(input).catch(() => null);
  });

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
                  onClick={() => {
                    add.reset();
                    remove.mutate({ id: t.id });
                  }}
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
        {error && <Alert severity="error">{error.message}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormDateTimeField control={control} name="startsAt" label="From" />
          <FormDateTimeField control={control} name="endsAt" label="Until" />
        </Stack>
        <FormTextField control={control} name="note" label="Note" />
        <Button type="submit" variant="outlined" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          Add Time Off
        </Button>
      </Stack>
    </Stack>
  );
}
