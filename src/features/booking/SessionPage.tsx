import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../components/links';
import { BookingDetail } from './BookingDetail';

/** What /bookings/{id} and /events/{id} show for a booking that is not there or not the viewer's (the same for both). */
export function BookingNotFound() {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        Booking not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This booking does not exist, or it is not one of yours.
      </Typography>
      <ButtonLink to="/calendar" variant="contained">
        Go to Calendar
      </ButtonLink>
    </Container>
  );
}

/** /bookings/{bookingId} (booking_confirmed's deep link): one session for its client, artist or the studio's staff. */
export function SessionPage({ bookingId }: { bookingId: string }) {
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="h4" component="h1">
          Session
        </Typography>
        <ButtonLink to="/calendar" search={{ booking: bookingId }} variant="outlined">
          Open in Calendar
        </ButtonLink>
      </Stack>
      <BookingDetail bookingId={bookingId} />
    </Container>
  );
}
