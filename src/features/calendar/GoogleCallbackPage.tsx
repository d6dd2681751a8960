import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../components/links';
import { trpc } from '../../trpc';
import { completeGoogleConnection, type GoogleCallbackSearch } from './google-calendar-api';

/** After a success the page says so briefly, then returns to the calendar. */
const RETURN_AFTER_MS = 2500;

/** /calendar/oauth/callback: finishes connecting Google Calendar and says how it went. */
export function GoogleCallbackPage({ search }: { search: GoogleCallbackSearch }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const connect = useMutation({
    mutationFn: () => completeGoogleConnection(search),
    onSuccess: () => Promise.all([utils.calendar.google.invalidate(), utils.auth.me.invalidate()]),
  });
  // The code is good for one exchange: post it once, even when React runs effects twice.
  const posted = useRef(false);
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    connect.mutate();
  }, [connect]);
  useEffect(() => {
    if (!connect.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: '/calendar', replace: true }), RETURN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [connect.isSuccess, navigate]);

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        Google Calendar
      </Typography>
      <Stack spacing={2} aria-live="polite">
        {connect.isPending && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-label="Connecting" />
            <Typography>Connecting your Google Calendar…</Typography>
          </Stack>
        )}
        {connect.isSuccess && (
          <Alert severity="success">
            Google Calendar connected{connect.data.email ? ` as ${connect.data.email}` : ''}. Your confirmed sessions will appear there
            shortly. Returning to your calendar…
          </Alert>
        )}
        {connect.isError && <Alert severity="error">{connect.error.message}</Alert>}
        {!connect.isPending && (
          <ButtonLink to="/calendar" variant={connect.isError ? 'contained' : 'outlined'} sx={{ alignSelf: 'flex-start' }}>
            Back to Calendar
          </ButtonLink>
        )}
      </Stack>
    </Container>
  );
}
