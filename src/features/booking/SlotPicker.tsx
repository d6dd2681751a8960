import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { dayKey, formatDay, formatTime, viewerZone } from './format';

const today = () => new Intl.DateTimeFormat('en-CA').format(new Date());

/** Slots grouped by their day in the studio's zone, in order. */
function byDay(slots: ReadonlyArray<{ startsAt: Date }>, timeZone: string) {
  const days = new Map<string, Date[]>();
  for (const slot of slots) {
    const key = dayKey(slot.startsAt, timeZone);
    days.set(key, [...(days.get(key) ?? []), slot.startsAt]);
  }
  return [...days.entries()];
}

/**
 * The client picks a time from the artist's real availability, shown in the studio's zone (and
 * theirs): for the request's next session, or, with rescheduleBookingId, a new time for a session.
 */
export function SlotPicker(props: {
  requestId: string;
  studios: Array<{ id: string; name: string; timezone: string }>;
  defaultShopId?: string;
  rescheduleBookingId?: string;
  onBooked: (bookingId: string) => void;
}) {
  const utils = trpc.useUtils();
  const [shopId, setShopId] = useState(props.defaultShopId ?? props.studios[0]?.id ?? '');
  const [from, setFrom] = useState(today());
  const slots = trpc.booking.availability.useQuery({ requestId: props.requestId, shopId, from, days: 7 }, { enabled: Boolean(shopId) });
  const booked = {
    onSuccess: (booking: { id: string }) => {
      void utils.booking.invalidate();
      void utils.calendar.invalidate();
      props.onBooked(booking.id);
    },
  };
  const pickSlot = trpc.booking.pickSlot.useMutation(booked);
  const reschedule = trpc.booking.reschedule.useMutation(booked);
  const pick = props.rescheduleBookingId ? reschedule : pickSlot;
  const choose = (startsAt: Date) =>
    props.rescheduleBookingId
      ? reschedule.mutate({ bookingId: props.rescheduleBookingId, startsAt })
      : pickSlot.mutate({ requestId: props.requestId, shopId, startsAt });
  const title = props.rescheduleBookingId ? 'Pick a new time' : 'Pick a time';
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Stack direction="row" spacing={1}>
        {props.studios.length > 1 && (
          <TextField select label="Studio" value={shopId} onChange={(e) => setShopId(e.target.value)}>
            {props.studios.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {slots.data && slots.data.timezone !== viewerZone() && (
        <Typography variant="body2">Times are in the studio’s timezone ({slots.data.timezone}), with yours in brackets.</Typography>
      )}
      {pick.error && <Alert severity="error">{pick.error.message}</Alert>}
      {slots.data?.slots.length === 0 && <Typography>No free times that week. Try a later date.</Typography>}
      {slots.data &&
        byDay(slots.data.slots, slots.data.timezone).map(([key, times]) => (
          <Stack key={key} spacing={0.5} role="group" aria-labelledby={`slots-${key}`}>
            <Typography id={`slots-${key}`} variant="subtitle2" component="h4">
              {formatDay(times[0], slots.data.timezone)}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {times.map((startsAt) => (
                <Button
                  key={startsAt.toISOString()}
                  variant="outlined"
                  size="small"
                  disabled={pick.isPending}
                  onClick={() => choose(startsAt)}
                >
                  {formatTime(startsAt, slots.data.timezone)}
                  {slots.data.timezone !== viewerZone() && ` (${formatTime(startsAt, viewerZone(), true)})`}
                </Button>
              ))}
            </Stack>
          </Stack>
        ))}
    </Stack>
  );
}
