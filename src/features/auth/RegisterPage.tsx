import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearch } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CHECK_EMAIL, REGISTER_USER_TYPES, registerInput } from '../../../server/domains/auth/inputs';
import { ButtonLink, TextLink } from '../../components/links';
import { trpc } from '../../trpc';
import { AuthCard } from './AuthCard';
import { authSearch } from './authSearch';
import { errorText } from '../../components/forms/errorText';
import { DisplayNameField } from './DisplayNameField';
import { FormTextField } from '../../components/forms/FormTextField';

type RegisterForm = z.input<typeof registerInput>;
const LABELS = { client: 'Client', artist: 'Artist', studio: 'Studio' } as const;

export function RegisterPage() {
  const search = useSearch({ strict: false }) as { userType?: string; redirect?: string };
  const preselected = REGISTER_USER_TYPES.find((t) => t === search.userType) ?? 'client';
  const register = trpc.auth.register.useMutation();
  const form = useForm<RegisterForm, unknown, z.output<typeof registerInput>>({
    resolver: zodResolver(registerInput),
    defaultValues: { email: '', password: '', displayName: '', firstName: '', lastName: '', userType: preselected },
  });
  const { errors, isSubmitting } = form.formState;

  // The mailed link brings them back to the page they registered from (decision 034).
  const onSubmit = form.handleSubmit((values) => register.mutateAsync({ ...values, ...authSearch(search.redirect) }).catch(() => {}));

  // The same answer whether the address is new or already has an account (issue 18): the mail
  // carries the next step, a one-time link that continues signed in or a note to the owner.
  if (register.isSuccess) {
    return (
      <AuthCard title={CHECK_EMAIL}>
        <Stack spacing={2}>
          {/* A long address wraps anywhere rather than running out of the card on a phone. */}
          <Alert severity="success" sx={{ overflowWrap: 'anywhere' }}>
            We sent a message to {register.variables?.email}. Open the link in it to continue to InkLink, signed in.
          </Alert>
          <Typography color="text.secondary">
            Nothing after a few minutes? Check your spam folder, or sign in with your e-mail and password.
          </Typography>
          <ButtonLink to="/login" search={authSearch(search.redirect)} variant="outlined">
            Sign in
          </ButtonLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" subtitle="Join InkLink: it's free to start.">
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {register.error && <Alert severity="error">{errorText(register.error)}</Alert>}
        <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          helperText="At least 8 characters"
        />
        <Controller
          control={form.control}
          name="displayName"
          render={({ field }) => (
            <DisplayNameField value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.displayName?.message} />
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={form.control} name="firstName" label="First Name" autoComplete="given-name" fullWidth />
          <FormTextField control={form.control} name="lastName" label="Last Name" autoComplete="family-name" fullWidth />
        </Stack>
        <FormControl>
          <FormLabel id="user-type-label">I am a…</FormLabel>
          <Controller
            control={form.control}
            name="userType"
            render={({ field }) => (
              <RadioGroup row aria-labelledby="user-type-label" value={field.value} onChange={(_e, value) => field.onChange(value)}>
                {REGISTER_USER_TYPES.map((type) => (
                  <FormControlLabel key={type} value={type} control={<Radio />} label={LABELS[type]} />
                ))}
              </RadioGroup>
            )}
          />
        </FormControl>
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? 'Creating Account...' : 'Create Account'}
        </Button>
        <TextLink to="/login" search={authSearch(search.redirect)}>
          Already have an account? Sign in
        </TextLink>
      </Stack>
    </AuthCard>
  );
}
