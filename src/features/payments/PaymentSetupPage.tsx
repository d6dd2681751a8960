import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../components/links';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { useMe } from '../auth/useAuth';
import { useStartOnboarding } from './PaymentsSection';
import { type PaymentSetupSearch, SETUP_STATUS_INPUT } from './setupStatus';
import { SetupSteps } from './SetupSteps';

/** What /payment-setup shows when the account's payment status cannot be loaded (its route's error). */
export function PaymentSetupError({ error }: { error: unknown }) {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Set up payments
      </Typography>
      <Alert severity="error">{errorText(error)}</Alert>
    </Container>
  );
}

/**
 * /payment-setup?userId&steps&context=payment_request: where a payment request sends its requester
 * to set up receiving money. The steps shown are those still to do (the link's list is a hint).
 */
export function PaymentSetupPage({ search }: { search: PaymentSetupSearch }) {
  const { me } = useMe();
  const [s] = trpc.connect.status.useSuspenseQuery(SETUP_STATUS_INPUT);
  const query = new URLSearchParams(search as Record<string, string>).toString();
  const onboarding = useStartOnboarding(`/payment-setup${query ? `?${query}` : ''}`);
  const linked = search.steps?.split(',').filter(Boolean) ?? [];
  const otherUser = search.userId && me && search.userId !== me.id;
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Set up payments
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            {otherUser && (
              <Alert severity="warning">
                This setup link was made for another account. You are setting up payments for your own account.
              </Alert>
            )}
            {search.context === 'payment_request' && (
              <Typography>To be paid for your payment requests, set up where the money goes.</Typography>
            )}
            {search.context === 'storefront' && (
              <Typography>To take card payments in your storefront, set up where the money from your sales goes.</Typography>
            )}
            {s.canReceivePayments ? (
              <>
                <Alert severity="success">You're all set: your payment account is active.</Alert>
                <ButtonLink to="/account/$section" params={{ section: 'payments' }} variant="contained">
                  View your payments
                </ButtonLink>
              </>
            ) : (
              <>
                <Alert severity="info">{s.message}</Alert>
                <SetupSteps steps={s.steps.length ? s.steps : linked} />
                {onboarding.error && <Alert severity="error">{errorText(onboarding.error)}</Alert>}
                <Button variant="contained" onClick={onboarding.start} disabled={onboarding.pending}>
                  Start setup
                </Button>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
