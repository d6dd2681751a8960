import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { trpc } from '../../trpc';
import { GoogleCalendarConnect } from './GoogleCalendarConnect';
import { ErrorOrUpgrade, UpgradePrompt } from '../payments/UpgradePrompt';
import { useLockedFeature } from '../payments/useFeatureGate';

/**
 * Calendar sync: the private ICS feed (subscribe from any calendar app; a new link or revoking stops
 * the old one) and, when the server has Google configured, Google Calendar.
 */
export function CalendarFeed() {
  const utils = trpc.useUtils();
  const status = trpc.calendar.feed.useQuery();
  const locked = useLockedFeature('calendar_sync');
  const create = trpc.calendar.createFeed.useMutation({ onSuccess: () => void utils.calendar.feed.invalidate() });
  const revoke = trpc.calendar.revokeFeed.useMutation({
    onSuccess: () => {
      create.reset();
      void utils.calendar.feed.invalidate();
    },
  });
  return (
    <Stack spacing={1} component="section" aria-label="Calendar sync">
      <Typography variant="h6" component="h2">
        Calendar sync
      </Typography>
      <Typography variant="body2">Subscribe to your private feed from Google Calendar, Apple Calendar or Outlook.</Typography>
      {create.data && (
        <TextField label="Your private feed URL" value={create.data.url} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
      )}
      {status.data?.active && !create.data && (
        <Alert severity="info">A feed link is active. Make a new link to see it again (the old one stops working).</Alert>
      )}
      {create.error && <ErrorOrUpgrade error={create.error} />}
      {/* Decision 042: without the plan, say so before the click; an active feed keeps serving and can be revoked. */}
      {locked && <UpgradePrompt {...locked} />}
      <Stack direction="row" spacing={1}>
        {!locked && (
          <Button variant="outlined" onClick={() => create.mutate()}>
            {status.data?.active ? 'New Feed Link' : 'Create Feed Link'}
          </Button>
        )}
        {status.data?.active && (
          <Button color="warning" onClick={() => revoke.mutate()}>
            Revoke Feed
          </Button>
        )}
      </Stack>
      <GoogleCalendarConnect locked={Boolean(locked)} />
    </Stack>
  );
}
