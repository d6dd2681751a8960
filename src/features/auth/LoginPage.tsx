import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loginInput } from '../../../server/domains/auth/inputs';
import { returnPath } from '../../../server/domains/auth/rules';
import { TextLink } from '../../components/links';
import { trpc } from '../../trpc';
import { AuthCard } from './AuthCard';
import { errorText } from '../../components/forms/errorText';
import { RequestSignInLink, SignInWithLink } from './SignInLink';
import { authSearch } from './authSearch';
import { rememberUser } from './useAuth';
import { FormTextField } from '../../components/forms/FormTextField';

const GOOGLE_OUTCOMES: Record<string, string> = {
  account_conflict: 'An account with this email already exists. Sign in with your password, then link Google from Account → Security.',
  cancelled: 'Sign-in was cancelled',
  error: 'An error occurred during Google sign-in',
};

export function LoginPage() {
  const search = useSearch({ strict: false }) as { redirect?: string; google?: string; link?: string };
  return search.link ? (
    <SignInWithLink token={search.link} redirect={search.redirect} />
  ) : (
    <PasswordSignIn redirect={search.redirect} google={search.google} />
  );
}

function PasswordSignIn(search: { redirect?: string; google?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const providers = trpc.auth.providers.useQuery();
  const login = trpc.auth.login.useMutation();
  const form = useForm<z.input<typeof loginInput>, unknown, z.output<typeof loginInput>>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    // The page to return to also goes with the password: a lock-out mails a link back to it.
    const me = await login.mutateAsync({ ...values, redirect: returnPath(search.redirect) ?? undefined }).catch(() => null);
    if (!me) return;
    rememberUser(me);
    queryClient.setQueryData(getQueryKey(trpc.auth.me, undefined, 'query'), me);
    // Back to the page the visitor came from (decision 034): a path of this site only.
    await navigate({ href: returnPath(search.redirect) ?? '/' });
  });

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to InkLink.">
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {search.google && GOOGLE_OUTCOMES[search.google] && <Alert severity="warning">{GOOGLE_OUTCOMES[search.google]}</Alert>}
        {login.error && <Alert severity="error">{errorText(login.error, 'An error occurred during login')}</Alert>}
        <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField control={form.control} name="password" label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? 'Signing In...' : 'Sign In'}
        </Button>
        {providers.data?.google && (
          <>
            <Divider>or</Divider>
            <Button href={googleHref(search.redirect)} variant="outlined" size="large">
              Continue with Google
            </Button>
          </>
        )}
        {login.error && <RequestSignInLink email={() => form.getValues('email')} redirect={search.redirect} />}
        <TextLink to="/forgot-password">Forgot password?</TextLink>
        <TextLink to="/register" search={authSearch(search.redirect)}>
          Don't have an account? Sign up
        </TextLink>
      </Stack>
    </AuthCard>
  );
}

/** Google's sign-in, carrying the page to come back to (decision 034). */
function googleHref(redirect: string | undefined) {
  const kept = returnPath(redirect);
  return kept ? `/auth/google?redirect=${encodeURIComponent(kept)}` : '/auth/google';
}
