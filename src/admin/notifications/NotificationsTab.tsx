import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TEST_CHANNELS, TEST_NOTIFICATION_TYPES, TEST_PRIORITIES, TEST_PROFILES, testNotificationInput } from '../../../server/domains/admin/inputs';
import { SMS_DISABLED_MESSAGE, SMS_ENABLED } from '../../../server/domains/notifications/rules';
import type { Me } from '../../features/auth/useAuth';
import { trpc } from '../../trpc';
import { type Failure, FailureAlert, failureOf } from '../components/failure';

type FormIn = z.input<typeof testNotificationInput>;
type FormOut = z.output<typeof testNotificationInput>;

const TIPS = [
  'The target defaults to you: send one to yourself and watch the inbox badge.',
  'In-app notifications appear at once; push and e-mail follow the escalation profile unless the notification is seen first.',
  'Custom data must be a JSON object, e.g. {"threadId": "…"}; it travels with the notification.',
  'Use Test Calendar Notification to check calendar reminders end to end.',
];

/** Notifications tab (spec 2 §2, §3 notification test form, §5): the form, quick tests and tips. */
export default function NotificationsTab({ me }: { me: Me }) {
  const send = trpc.admin.notifications.sendTest.useMutation();
  const quick = trpc.admin.notifications.quickTest.useMutation();
  const [result, setResult] = useState<{ severity: 'success'; text: string } | { severity: 'error'; failure: Failure } | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(testNotificationInput),
    defaultValues: { type: 'general_alert', title: '', body: '', channels: ['in_app'], priority: 'normal', escalationProfile: 'normal', targetUserId: me.id, customData: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The spec's messages, one alert for the whole form.
  const firstError = errors.title?.message ?? errors.body?.message ?? errors.targetUserId?.message ?? errors.customData?.message ?? errors.channels?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const sent = await send.mutateAsync({ ...values, customData: form.getValues('customData') ?? '' });
      setResult({ severity: 'success', text: `${sent.message} (${sent.id})` });
    } catch (failure) {
      setResult({ severity: 'error', failure: failureOf('Failed to send the test notification', failure) });
    }
  });
  const runQuick = async (kind: 'inbox' | 'calendar') => {
    setResult(null);
    try {
      const sent = await quick.mutateAsync({ kind });
      setResult({ severity: 'success', text: `${sent.message} (${sent.id})` });
    } catch (failure) {
      setResult({ severity: 'error', failure: failureOf('Failed to send the test notification', failure) });
    }
  };
  const select = (name: 'type' | 'priority' | 'escalationProfile', label: string, options: readonly string[]) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField select label={label} value={field.value} onChange={field.onChange}>
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
      <Box component="section" aria-labelledby="notification-form-title">
        <Typography id="notification-form-title" variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
          Create Test Notification
        </Typography>
        {result?.severity === 'success' && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {result.text}
          </Alert>
        )}
        {result?.severity === 'error' && <FailureAlert failure={result.failure} />}
        {firstError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {firstError}
          </Alert>
        )}
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
            {select('type', 'Type', TEST_NOTIFICATION_TYPES)}
            {select('priority', 'Priority', TEST_PRIORITIES)}
            {select('escalationProfile', 'Escalation profile', TEST_PROFILES)}
          </Box>
          <TextField label="Title" required {...form.register('title')} error={Boolean(errors.title)} />
          <TextField label="Body" required multiline minRows={3} {...form.register('body')} error={Boolean(errors.body)} />
          <TextField label="Target user ID" required {...form.register('targetUserId')} error={Boolean(errors.targetUserId)} helperText="Defaults to you" />
          <Controller
            name="channels"
            control={form.control}
            render={({ field }) => (
              <FormControl component="fieldset" error={Boolean(errors.channels)}>
                <FormLabel component="legend">Channels</FormLabel>
                <FormGroup row>
                  {TEST_CHANNELS.map((channel) => (
                    <FormControlLabel
                      key={channel}
                      label={channel}
                      control={
                        <Checkbox
                          checked={field.value.includes(channel)}
                          onChange={(_e, checked) => field.onChange(checked ? [...field.value, channel] : field.value.filter((c) => c !== channel))}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {!SMS_ENABLED && <FormHelperText>{SMS_DISABLED_MESSAGE}</FormHelperText>}
              </FormControl>
            )}
          />
          <TextField label="Custom data (JSON)" multiline minRows={3} placeholder='{"key": "value"}' {...form.register('customData')} error={Boolean(errors.customData)} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Send Test Notification
            </Button>
            <Button variant="outlined" onClick={() => void runQuick('inbox')} disabled={quick.isPending}>
              Test Inbox Notification
            </Button>
            <Button variant="outlined" onClick={() => void runQuick('calendar')} disabled={quick.isPending}>
              Test Calendar Notification
            </Button>
          </Stack>
        </Stack>
      </Box>
      <Card variant="outlined" component="aside" aria-labelledby="tips-title">
        <CardContent>
          <Typography id="tips-title" variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
            Tips
          </Typography>
          <Box component="ul" sx={{ pl: 2, m: 0 }}>
            {TIPS.map((tip) => (
              <li key={tip}>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {tip}
                </Typography>
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
