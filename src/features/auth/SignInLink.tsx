import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useRef } from 'react';
import { requestSignInLinkInput } from '../../../server/domains/auth/inputs';
import { returnPath } from '../../../server/domains/auth/rules';
import { ButtonLink } from '../../components/links';
import { trpc } from '../../trpc';
import { AuthCard } from './AuthCard';
import { errorText } from '../../components/forms/errorText';
import { rememberUser } from './useAuth';

/**
 * `/login?link=…`: the mailed one-time link signs in (once) and continues to the dashboard, or to
 * the page the visitor registered or asked for the link from (`&redirect=`, decision 034).
 */
export function SignInWithLink({ token, redirect }: { token: string; redirect?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = trpc.auth.signInWithLink.useMutation();
  const started = useRef(false);
  useEffect(() => {
    // One use per link: React's development double effect must not spend it twice.
    if (started.current) return;
    started.current = true;
    signIn
      .mutateAsync({ token })
      .then(async (me) => {
        rememberUser(me);
        queryClient.setQueryData(getQueryKey(trpc.auth.me, undefined, 'query'), me);
        await navigate({ href: returnPath(redirect) ?? '/', replace: true });
      })
      .catch(() => {});
  }, [token, redirect, signIn, queryClient, navigate]);
  return (
    <AuthCard title="Signing you in">
      {signIn.error ? (
        <Stack spacing={2}>
          <Alert severity="error">{errorText(signIn.error)}</Alert>
          <ButtonLink to="/login" variant="contained">
            Sign in
          </ButtonLink>
        </Stack>
      ) : (
        <CircularProgress aria-label="Signing you in" />
      )}
    </AuthCard>
  );
}

/** "Email me a sign-in link" for the address typed in the sign-in form: works even while password attempts are paused. */
export function RequestSignInLink({ email, redirect }: { email: () => string; redirect?: string }) {
  const request = trpc.auth.requestSignInLink.useMutation();
  const parsed = () => requestSignInLinkInput.safeParse({ email: email(), redirect: returnPath(redirect) ?? undefined });
  if (request.isSuccess) return <Alert severity="success">If an account exists for that email, we've sent a one-time sign-in link.</Alert>;
  return (
    <Stack spacing={1}>
      {request.error && <Alert severity="error">{errorText(request.error)}</Alert>}
      <Button
        variant="text"
        disabled={request.isPending}
        onClick={() => {
          const input = parsed();
          if (input.success) request.mutate(input.data);
        }}
      >
        Email me a sign-in link
      </Button>
    </Stack>
  );
}
