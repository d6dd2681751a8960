import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSearch } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { newPasswordField, requestPasswordResetInput } from '../../../server/domains/auth/inputs';
import { ButtonLink, TextLink } from '../../components/links';
import { trpc } from '../../trpc';
import { AuthCard } from './AuthCard';
import { errorText } from '../../components/forms/errorText';
import { FormTextField } from '../../components/forms/FormTextField';

/** `/forgot-password` asks for the e-mail; `/forgot-password?token=…` (the mailed link) sets a new password. */
export function ForgotPasswordPage() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  return token ? <ResetForm token={token} /> : <RequestForm />;
}

function RequestForm() {
  const request = trpc.auth.requestPasswordReset.useMutation();
  const form = useForm<z.input<typeof requestPasswordResetInput>, unknown, z.output<typeof requestPasswordResetInput>>({
    resolver: zodResolver(requestPasswordResetInput),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit((values) => request.mutateAsync(values).catch(() => {}));
  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we'll send you a link to choose a new one.">
      {request.isSuccess ? (
        <Alert severity="success">If an account exists for that email, we've sent a link to reset your password.</Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
          {request.error && <Alert severity="error">{errorText(request.error, 'Failed to send password reset email')}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={Boolean(form.formState.errors.email)}
            helperText={form.formState.errors.email?.message}
          />
          <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </Stack>
      )}
      <TextLink to="/login" sx={{ display: 'block', mt: 2 }}>
        Back to sign in
      </TextLink>
    </AuthCard>
  );
}

const resetForm = z
  .object({ password: newPasswordField, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { message: 'Passwords do not match', path: ['confirm'] });

function ResetForm({ token }: { token: string }) {
  const reset = trpc.auth.resetPassword.useMutation();
  const form = useForm<z.input<typeof resetForm>>({ resolver: zodResolver(resetForm), defaultValues: { password: '', confirm: '' } });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit((values) => reset.mutateAsync({ token, password: values.password }).catch(() => {}));
  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert severity="success" sx={{ mb: 2 }}>
          Your password has been reset. Every device was signed out.
        </Alert>
        <ButtonLink to="/login" variant="contained">
          Sign in
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {reset.error && <Alert severity="error">{errorText(reset.error)}</Alert>}
        <FormTextField control={form.control} name="password" label="New Password" type="password" autoComplete="new-password" />
        <FormTextField control={form.control} name="confirm" label="Confirm Password" type="password" autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Reset Password'}
        </Button>
      </Stack>
    </AuthCard>
  );
}
