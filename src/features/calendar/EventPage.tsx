import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../components/links';
import { trpc } from '../../trpc';
import { formatBothZones } from '../booking/format';
import { BOOKING_STATUS_TEXT } from '../booking/status';
import { eventQuery } from './eventQuery';

/**
 * /events/{eventId} (the deep link of event_reminder and event_updated): the appointment as a
 * calendar shows it (what, when in the studio's zone, where, its status), with the way to the
 * session's details and to the calendar.
 */
export function EventPage({ eventId }: { eventId: string }) {
  const [event] = trpc.booking.byId.useSuspenseQuery(eventQuery(eventId), { retry: false });
  const withWhom = event.role === 'client' ? event.artistName : event.clientName;
  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Appointment
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {event.title}
              {withWhom ? ` with ${withWhom}` : ''}
            </Typography>
            <Typography>{formatBothZones(event.startsAt, event.timezone)}</Typography>
            <Typography variant="body2">
              {event.shopName}
              {event.address ? `, ${event.address}` : ''}
            </Typography>
            <Typography variant="body2">Status: {BOOKING_STATUS_TEXT[event.status]}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, pt: 1 }}>
              <ButtonLink to="/bookings/$bookingId" params={{ bookingId: event.id }} variant="contained">
                Session Details
              </ButtonLink>
              <ButtonLink to="/calendar" search={{ booking: event.id }} variant="outlined">
                Open in Calendar
              </ButtonLink>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
