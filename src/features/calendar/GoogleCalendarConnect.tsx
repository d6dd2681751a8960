import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { trpc } from '../../trpc';
import { GOOGLE_CONNECT_URL } from './google-calendar-api';

const when = (d: Date) => d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * Google Calendar: InkLink pushes your confirmed sessions to your Google calendar.
 * Shown only when the server has Google configured. Without calendar sync in the plan (`locked`,
 * decision 042) there is no connect button: the feed section above shows the upgrade prompt; an
 * existing connection stays shown and can be disconnected.
 */
export function GoogleCalendarConnect({ locked }: { locked: boolean }) {
  const utils = trpc.useUtils();
  const status = trpc.calendar.google.useQuery();
  const disconnect = trpc.calendar.disconnectGoogle.useMutation({
    onSuccess: () => Promise.all([utils.calendar.google.invalidate(), utils.auth.me.invalidate()]),
  });
  if (!status.data?.available) return null;
  const connection = status.data.connection;
  return (
    <Stack spacing={1} component="section" aria-labelledby="google-calendar-heading">
      <Typography variant="subtitle1" component="h3" id="google-calendar-heading">
        Google Calendar
      </Typography>
      {!connection ? (
        <>
          <Typography variant="body2">
            Your confirmed sessions appear in your Google calendar and follow every change and cancellation.
          </Typography>
          {!locked && (
            <Button variant="contained" href={GOOGLE_CONNECT_URL} sx={{ alignSelf: 'flex-start' }}>
              Connect Google Calendar
            </Button>
          )}
        </>
      ) : (
        <>
          <Typography variant="body2">
            Connected{connection.email ? ` as ${connection.email}` : ''}
            {connection.lastSyncedAt ? `, last updated ${when(connection.lastSyncedAt)}` : ''}.
          </Typography>
          {!connection.isActive && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" href={GOOGLE_CONNECT_URL}>
                  Reconnect
                </Button>
              }
            >
              {connection.lastError ?? 'Google Calendar sync is paused.'}
            </Alert>
          )}
          {connection.isActive && connection.failingEvents > 0 && (
            <Alert severity="info">
              {connection.failingEvents === 1 ? 'One session has' : `${connection.failingEvents} sessions have`} not reached Google yet;
              InkLink keeps trying.
            </Alert>
          )}
          {disconnect.error && <Alert severity="error">{disconnect.error.message}</Alert>}
          <Button
            color="warning"
            sx={{ alignSelf: 'flex-start' }}
            disabled={disconnect.isPending}
            onClick={() => disconnect.mutate({ id: connection.id })}
          >
            Disconnect Google Calendar
          </Button>
        </>
      )}
    </Stack>
  );
}
