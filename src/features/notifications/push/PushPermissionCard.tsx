import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PUSH_TEXTS } from '../../../../server/domains/notifications/push/rules';
import { permission, pushSupported, storedDevice } from './browserPush';
import { disablePush, enablePush, pushErrorText } from './pushDevice';
import { usePushApi } from './usePushApi';

type State = 'unsupported' | 'blocked' | 'on' | 'off';

function currentState(): State {
  const granted = permission();
  if (granted === 'unsupported') return 'unsupported';
  if (granted === 'denied') return 'blocked';
  return granted === 'granted' && storedDevice() ? 'on' : 'off';
}

const DESCRIPTION: Record<State, string> = {
  unsupported: 'This browser does not support push notifications.',
  blocked: PUSH_TEXTS.denied,
  on: 'Push notifications are on for this browser.',
  off: 'Push notifications are off for this browser.',
};

/** The push permission flow for this browser (spec 1 §4), with the spec's user-facing texts. */
export function PushPermissionCard() {
  const api = usePushApi();
  const [state, setState] = useState<State>(currentState);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(pushErrorText(failure));
    } finally {
      setState(currentState());
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          Push notifications on this device
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">{DESCRIPTION[state]}</Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {state === 'on' ? (
            <Button variant="outlined" disabled={busy} onClick={() => run(() => disablePush(api))}>
              Turn off push notifications
            </Button>
          ) : (
            <Button variant="contained" disabled={busy || !pushSupported()} onClick={() => run(() => enablePush(api))}>
              Turn on push notifications
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
