import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NOTIFICATION_CHANNELS } from '../../../../server/domains/notifications/rules';
import { PageSpinner } from '../../../components/PageSpinner';
import { trpc } from '../../../trpc';
import { PushPermissionCard } from '../push/PushPermissionCard';
import { CHANNEL_LABELS, TYPE_LABELS } from './labels';

/** Spec 1 §9: a success toast stays 3 seconds. */
const TOAST_MS = 3000;

/** /account/notifications: which notifications reach you on which channel, saved as you tick. */
export default function NotificationPreferences() {
  const utils = trpc.useUtils();
  const preferences = trpc.notification.preferences.useQuery();
  const [saved, setSaved] = useState(false);
  const update = trpc.notification.updatePreferences.useMutation({
    onSuccess: (grid) => {
      utils.notification.preferences.setData(undefined, grid);
      setSaved(true);
    },
  });

  if (preferences.isLoading) return <PageSpinner />;
  if (!preferences.data) return <Alert severity="error">Failed to load notification preferences</Alert>;
  const { types, smsAvailable } = preferences.data;

  return (
    <Stack spacing={3} sx={{ maxWidth: 820 }}>
      <PushPermissionCard />
      <div>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          What reaches you where
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          E-mails wait a few minutes and are not sent when you have already seen the notification here.
          {smsAvailable ? '' : ' Text messages (SMS) are not available yet.'}
        </Typography>
        {update.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {update.error.message || 'Failed to save notification preferences'}
          </Alert>
        )}
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Notification preferences">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Notification
                </TableCell>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <TableCell key={channel} component="th" scope="col" align="center">
                    {CHANNEL_LABELS[channel]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {types.map((row) => (
                <TableRow key={row.type}>
                  <TableCell component="th" scope="row">
                    {TYPE_LABELS[row.type]}
                  </TableCell>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <TableCell key={channel} align="center" padding="checkbox">
                      <Checkbox
                        checked={row.channels[channel]}
                        disabled={(channel === 'sms' && !smsAvailable) || update.isPending}
                        onChange={(event) => update.mutate({ changes: [{ type: row.type, channel, enabled: event.target.checked }] })}
                        slotProps={{ input: { 'aria-label': `${TYPE_LABELS[row.type]}: ${CHANNEL_LABELS[channel]}` } }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      </div>
      <Snackbar open={saved} autoHideDuration={TOAST_MS} onClose={() => setSaved(false)} message="Notification preferences saved" />
    </Stack>
  );
}
