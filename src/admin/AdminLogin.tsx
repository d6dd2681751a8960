import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADMIN_LOGIN_MESSAGES, adminLoginInput } from '../../server/domains/admin/inputs';
import { trpc } from '../trpc';
import { mainSiteOrigin } from './location';

/** Spec 2 §2: after sign-in the screen waits 100 ms before the gate looks again. */
const AFTER_SIGN_IN_MS = 100;

/** The Admin Login screen (spec 2 §2, §5), shown when nobody is signed in. */
export function AdminLogin() {
  const queryClient = useQueryClient();
  const login = trpc.auth.login.useMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof adminLoginInput>, unknown, z.output<typeof adminLoginInput>>({
    resolver: zodResolver(adminLoginInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Editing either field clears the error.
  const clearError = () => setError(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const me = await login.mutateAsync(values);
      await new Promise((resolve) => setTimeout(resolve, AFTER_SIGN_IN_MS));
      queryClient.setQueryData(getQueryKey(trpc.auth.me, undefined, 'query'), me);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : ADMIN_LOGIN_MESSAGES.unexpected);
    }
  });

  return (
    <Container component="main" maxWidth="xs" sx={{ py: 10 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h1" sx={{ fontSize: '1.8rem', mb: 1 }}>
            Admin Login
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Sign in with an AppAdmin account.
          </Typography>
          <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...form.register('email', { onChange: clearError })}
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              {...form.register('password', { onChange: clearError })}
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
            />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {isSubmitting ? 'Signing In...' : 'Sign In to Admin Dashboard'}
            </Button>
            <Button variant="text" href={mainSiteOrigin()}>
              ← Back to Main Site
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
