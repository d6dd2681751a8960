import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordInput } from '../../../server/domains/auth/inputs';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { useMe } from '../auth/useAuth';
import { FormTextField } from '../../components/forms/FormTextField';

const GOOGLE_LINK_OUTCOMES: Record<string, { severity: 'success' | 'error'; text: string }> = {
  linked: { severity: 'success', text: 'Google account linked' },
  already_linked_other: { severity: 'error', text: 'This Google account is already linked to another user' },
  mismatch: { severity: 'error', text: "The Google account doesn't match the signed-in user" },
  error: { severity: 'error', text: 'Failed to link Google account' },
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function SecuritySection() {
  return (
    <Stack spacing={4} sx={{ maxWidth: 720 }}>
      <ChangePassword />
      <Divider />
      <Sessions />
      <Divider />
      <GoogleLink />
    </Stack>
  );
}

function ChangePassword() {
  const change = trpc.auth.changePassword.useMutation();
  const form = useForm<z.input<typeof changePasswordInput>>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { isSubmitting } = form.formState;
  const utils = trpc.useUtils();
  const onSubmit = form.handleSubmit(async (values) => {
    await change.mutateAsync(values).catch(() => {});
    form.reset();
    await utils.auth.sessions.invalidate();
  });
  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
        Change password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Changing your password signs out every other device.
      </Typography>
      <Stack spacing={2}>
        {change.isSuccess && <Alert severity="success">Password changed. Other devices were signed out.</Alert>}
        {change.error && <Alert severity="error">{errorText(change.error)}</Alert>}
        <FormTextField
          control={form.control}
          name="currentPassword"
          label="Current Password"
          type="password"
          autoComplete="current-password"
        />
        <FormTextField control={form.control} name="newPassword" label="New Password" type="password" autoComplete="new-password" />
        <Box>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Change Password'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function Sessions() {
  const sessions = trpc.auth.sessions.useQuery();
  const utils = trpc.useUtils();
  const revoke = trpc.auth.revokeSession.useMutation({ onSuccess: () => utils.auth.sessions.invalidate() });
  const revokeOthers = trpc.auth.revokeOtherSessions.useMutation({ onSuccess: () => utils.auth.sessions.invalidate() });
  return (
    <Box>
      <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
        Where you're signed in
      </Typography>
      {sessions.error && <Alert severity="error">{errorText(sessions.error)}</Alert>}
      <List aria-label="Signed-in devices">
        {sessions.data?.map((session) => {
          // Sessions keep no place, only the IP they signed in from: that is what is shown.
          const device = session.device ?? 'Unknown device';
          return (
            // The Revoke button sits in the row's own flow, not in MUI's secondaryAction slot: that slot
            // is positioned over the text and reserves less room than the button takes, so on a phone
            // "last active" ran under it.
            <ListItem key={session.id} divider sx={{ gap: 1, alignItems: 'center' }}>
              <ListItemText
                primary={
                  <>
                    {session.ip ? `${device} · ${session.ip}` : device}
                    {session.current && <Chip size="small" color="primary" label="This device" sx={{ ml: 1 }} />}
                  </>
                }
                secondary={`Signed in ${dateTime.format(session.createdAt)} · last active ${dateTime.format(session.lastVerifiedAt)}`}
              />
              {!session.current && (
                <Button
                  size="small"
                  sx={{ flexShrink: 0 }}
                  onClick={() => revoke.mutate({ sessionId: session.id })}
                  aria-label={`Revoke session ${device}, signed in ${dateTime.format(session.createdAt)}`}
                >
                  Revoke
                </Button>
              )}
            </ListItem>
          );
        })}
      </List>
      <Button variant="outlined" onClick={() => revokeOthers.mutate()} disabled={(sessions.data?.length ?? 0) < 2}>
        Sign out other sessions
      </Button>
    </Box>
  );
}

function GoogleLink() {
  const { me } = useMe();
  const providers = trpc.auth.providers.useQuery();
  const { google } = useSearch({ strict: false }) as { google?: string };
  const link = trpc.auth.linkGoogle.useMutation({ onSuccess: ({ url }) => window.location.assign(url) });
  const [password, setPassword] = useState('');
  if (!providers.data?.google) return null;
  const outcome = google ? GOOGLE_LINK_OUTCOMES[google] : undefined;
  return (
    <Box>
      <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
        Google sign-in
      </Typography>
      {outcome && (
        <Alert severity={outcome.severity} sx={{ mb: 2 }}>
          {outcome.text}
        </Alert>
      )}
      {me?.googleLinked ? (
        <Typography>Google account linked</Typography>
      ) : (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            link.mutate({ password });
          }}
        >
          <TextField
            label="Confirm your password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(link.error)}
            helperText={link.error?.message}
          />
          <Button type="submit" variant="outlined" disabled={link.isPending}>
            Link Google account
          </Button>
        </Stack>
      )}
    </Box>
  );
}
