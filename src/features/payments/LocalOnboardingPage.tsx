import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { useMe } from '../auth/useAuth';

/** Only a path of this app may be returned to (never another site). */
function safeReturn(returnUrl: string | undefined) {
  try {
    const url = new URL(returnUrl ?? '/account/payments', window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : '/account/payments';
  } catch {
    return '/account/payments';
  }
}

/**
 * Local mode's stand-in for Stripe's hosted onboarding: the same three steps with Stripe's test
 * values, then the account is active and the user goes back where they came from.
 */
export function LocalOnboardingPage({ accountId, returnUrl }: { accountId: string; returnUrl?: string }) {
  const { me } = useMe();
  const complete = trpc.connect.completeLocalOnboarding.useMutation({ onSuccess: () => window.location.assign(safeReturn(returnUrl)) });
  const [legalName, setLegalName] = useState(me ? `${me.firstName} ${me.lastName}`.trim() : '');
  const [agreed, setAgreed] = useState(false);
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 1 }}>
        Payment account setup
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Test mode: this page stands in for Stripe’s onboarding. Nothing entered here leaves InkLink.
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack
            component="form"
            spacing={2}
            onSubmit={(e) => {
              e.preventDefault();
              complete.mutate({ accountId });
            }}
          >
            <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
              1. Verify your identity
            </Typography>
            <TextField label="Legal name" value={legalName} onChange={(e) => setLegalName(e.target.value)} required />
            <TextField label="Date of birth" type="date" defaultValue="1990-01-01" slotProps={{ inputLabel: { shrink: true } }} required />
            <TextField label="Last 4 of SSN (test value)" defaultValue="0000" slotProps={{ htmlInput: { maxLength: 4 } }} required />
            <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
              2. Add a bank account for payouts
            </Typography>
            <TextField label="Routing number (test value)" defaultValue="110000000" required />
            <TextField label="Account number (test value)" defaultValue="000123456789" required />
            <FormControlLabel
              control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />}
              label="I agree to the payment services terms"
            />
            {complete.error && <Alert severity="error">{errorText(complete.error)}</Alert>}
            <Button type="submit" variant="contained" disabled={!agreed || !legalName.trim() || complete.isPending}>
              Submit and activate
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
