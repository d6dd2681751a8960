import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { BookingDetail } from '../booking/BookingDetail';
import { RequestView } from '../booking/RequestView';
import { CalendarFeed } from './CalendarFeed';
import { ErrorOrUpgrade } from '../payments/UpgradePrompt';
import { RequestList } from './RequestList';
import { daysOf, FIRST_CALENDAR_VIEW, rangeOf, sameDay, shift } from './range';
import { WalkInForm } from './WalkInForm';

/** The view /calendar opens on; its route's loader loads this view's events for today. */
const time = (d: Date) => d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * /calendar: day, week and month views of my sessions (as artist across studios, as client), or a
 * studio's whole schedule for its staff (who add walk-ins there); booking requests with their
 * status; the private feed.
 */
export function CalendarPage(props: {
  bookingId?: string;
  requestId?: string;
  onSelect: (search: { booking?: string; request?: string }) => void;
}) {
  const [view, setView] = useState(FIRST_CALENDAR_VIEW);
  const [anchor, setAnchor] = useState(() => new Date());
  const [shopId, setShopId] = useState('');
  const [studios] = trpc.studio.mine.useSuspenseQuery();
  const range = rangeOf(view, anchor);
  // Loaded in place (the route's loader loaded the first view's): another week or schedule keeps
  // the page and tells its error above the days.
  const events = trpc.calendar.events.useQuery({ ...range, shopId: shopId || undefined });
  const days = daysOf(range);

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Calendar
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <ToggleButtonGroup exclusive size="small" value={view} onChange={(_, v) => v && setView(v)} aria-label="Calendar view">
          <ToggleButton value="day">Day</ToggleButton>
          <ToggleButton value="week">Week</ToggleButton>
          <ToggleButton value="month">Month</ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1}>
          <Button onClick={() => setAnchor(shift(view, anchor, -1))}>Previous</Button>
          <Button onClick={() => setAnchor(new Date())}>Today</Button>
          <Button onClick={() => setAnchor(shift(view, anchor, 1))}>Next</Button>
        </Stack>
        <Typography sx={{ flexGrow: 1 }}>
          {range.from.toLocaleDateString('en-US', { month: 'long', year: 'numeric', day: view === 'month' ? undefined : 'numeric' })}
        </Typography>
        {studios.length > 0 && (
          <TextField select size="small" label="Schedule" value={shopId} onChange={(e) => setShopId(e.target.value)} sx={{ minWidth: 200 }}>
            <MenuItem value="">My appointments</MenuItem>
            {studios.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name} (whole shop)
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {/* A studio without the Studio plan's shared calendar (and walk-ins) gets the upgrade prompt as soon as it is chosen. */}
      {events.error && <ErrorOrUpgrade error={events.error} />}
      {/* The shop schedule loads only for its staff, who may add walk-ins to it. */}
      {shopId && events.data && <WalkInForm key={shopId} shopId={shopId} />}
      {/*
        Below md the week and the month read as an agenda: one full-width row per day (a month lists
        only its days with appointments), so each appointment is readable on a phone; from md up
        the week and month are a grid of seven columns.
      */}
      <Box
        component="ol"
        aria-label={`${view} view`}
        sx={{
          display: 'grid',
          gridTemplateColumns: view === 'day' ? '1fr' : { xs: '1fr', md: 'repeat(7, minmax(0, 1fr))' },
          gap: 1,
          listStyle: 'none',
          m: 0,
          p: 0,
        }}
      >
        {days.map((day, index) => {
          const dayEvents = events.data?.filter((e) => sameDay(e.startsAt, day)) ?? [];
          return (
            <Paper
              key={day.toISOString()}
              component="li"
              variant="outlined"
              // The month's first day sits under its weekday (Monday first), like a wall calendar.
              sx={{
                p: 1,
                minHeight: { xs: view === 'day' ? 160 : 0, md: view === 'month' ? 90 : 160 },
                gridColumnStart: { md: view === 'month' && index === 0 ? ((day.getDay() + 6) % 7) + 1 : undefined },
                display: { xs: view === 'month' && dayEvents.length === 0 ? 'none' : 'block', md: 'block' },
              }}
            >
              <Typography variant="caption" component="h2" sx={{ display: 'block', fontWeight: sameDay(day, new Date()) ? 700 : 400 }}>
                {day.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' })}
              </Typography>
              {dayEvents.length === 0 && view === 'week' && (
                <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
                  No appointments
                </Typography>
              )}
              {dayEvents.map((e) => (
                <Button
                  key={e.id}
                  size="small"
                  variant={e.status === 'confirmed' ? 'contained' : 'outlined'}
                  sx={{ display: 'block', width: '100%', textAlign: 'left', mb: 0.5, textTransform: 'none', overflowWrap: 'anywhere' }}
                  onClick={() => props.onSelect({ booking: e.id })}
                >
                  {time(e.startsAt)} {e.role === 'client' ? e.artistName : e.clientName}
                  {e.status === 'held' ? ' (held)' : ''}
                </Button>
              ))}
            </Paper>
          );
        })}
      </Box>
      {view === 'month' && events.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ display: { md: 'none' } }}>
          No appointments this month
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 3 }}>
        <Box sx={{ flex: 1 }}>
          <RequestList selected={props.requestId} onSelect={(request) => props.onSelect({ request })} />
        </Box>
        <Box sx={{ flex: 1 }}>
          <CalendarFeed />
        </Box>
      </Stack>
      <Dialog
        open={Boolean(props.bookingId || props.requestId)}
        onClose={() => props.onSelect({})}
        maxWidth="md"
        fullWidth
        slotProps={{ paper: { 'aria-label': props.bookingId ? 'Session' : 'Booking request' } }}
      >
        <DialogContent>
          {props.bookingId ? (
            <BookingDetail bookingId={props.bookingId} />
          ) : props.requestId ? (
            <RequestView requestId={props.requestId} onOpenBooking={(booking) => props.onSelect({ booking })} />
          ) : null}
          <Button sx={{ mt: 2 }} onClick={() => props.onSelect({})}>
            Close
          </Button>
        </DialogContent>
      </Dialog>
    </Container>
  );
}
