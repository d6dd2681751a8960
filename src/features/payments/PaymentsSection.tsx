import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { formatDay } from './format';
import { formatCents, parseDollarsToCents } from '../../../server/lib/money';
import { SectionCard } from './SectionCard';
import { SetupSteps } from './SetupSteps';
import { BalanceFigures } from './BalanceFigures';

/** Sends the user to onboarding (Stripe's page, or ours in local mode), coming back to returnPath. */
export function useStartOnboarding(returnPath: string) {
  const link = trpc.connect.onboardingLink.useMutation({
    onSuccess: (result) => {
      window.location.assign(result.url);
    },
  });
  return { start: () => link.mutate({ returnPath }), pending: link.isPending, error: link.error };
}

/** /account/payments: receiving money — account status, setup, balance, instant payout, payouts. */
export default function PaymentsSection() {
  const status = trpc.connect.status.useQuery({ refresh: false });
  const onboarding = useStartOnboarding('/account/payments');
  const s = status.data;
  return (
    <Stack spacing={3}>
      <SectionCard
        title="Receiving payments"
        titleAddon={s && <Chip size="small" label={s.status.replace('_', ' ')} color={s.canReceivePayments ? 'success' : 'warning'} />}
      >
        <Stack spacing={2}>
          {status.error && <Alert severity="error">{errorText(status.error)}</Alert>}
          {s?.canReceivePayments && (
            <Alert severity="success">Your payment account is active. Clients can pay your payment requests.</Alert>
          )}
          {s && !s.canReceivePayments && (
            <>
              <Alert severity="warning">{s.message}</Alert>
              <SetupSteps steps={s.steps} />
              {onboarding.error && <Alert severity="error">{errorText(onboarding.error)}</Alert>}
              <Button variant="contained" onClick={onboarding.start} disabled={onboarding.pending} sx={{ alignSelf: 'flex-start' }}>
                {s.status === 'not_started' ? 'Set up payments' : 'Continue setup'}
              </Button>
            </>
          )}
        </Stack>
      </SectionCard>
      {s?.accountId && <BalanceCard />}
      {s?.accountId && <PayoutHistory />}
    </Stack>
  );
}

function BalanceCard() {
  const utils = trpc.useUtils();
  const balance = trpc.connect.balance.useQuery();
  const payout = trpc.connect.payout.useMutation({
    onSuccess: () => Promise.all([utils.connect.balance.invalidate(), utils.connect.payouts.invalidate()]),
  });
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  return (
    <SectionCard title="Balance">
      {balance.data && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          <BalanceFigures balance={{ ...balance.data, paidOut: balance.data.paid_out }} />
          <Typography variant="body2" color="text.secondary">
            A sale is pending for a few days before it can be paid out; instant payout available now:{' '}
            {formatCents(balance.data.instant_available)}.
          </Typography>
        </Stack>
      )}
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={(e) => {
          e.preventDefault();
          const cents = parseDollarsToCents(amount);
          setAmountError(cents && cents > 0 ? null : 'Amount must be greater than 0');
          if (cents && cents > 0) payout.mutate({ amount: cents }, { onSuccess: () => setAmount('') });
        }}
      >
        <TextField
          label="Payout amount ($)"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={Boolean(amountError)}
          helperText={amountError}
          size="small"
        />
        <Button type="submit" variant="contained" disabled={payout.isPending} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          Instant payout
        </Button>
      </Stack>
      {payout.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(payout.error)}
        </Alert>
      )}
      {payout.data && (
        <Alert severity="success" sx={{ mt: 2 }}>
          Paid out {formatCents(payout.data.amount)}.
        </Alert>
      )}
    </SectionCard>
  );
}

function PayoutHistory() {
  const payouts = trpc.connect.payouts.useQuery();
  return (
    <SectionCard title="Recent payouts">
      {payouts.data?.length === 0 ? (
        <Typography color="text.secondary">No payouts yet.</Typography>
      ) : (
        <Table size="small" aria-label="Recent payouts">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Method</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {payouts.data?.map((p) => (
              <TableRow key={p.id}>
                <TableCell>{formatDay(p.createdAt)}</TableCell>
                <TableCell align="right">{formatCents(p.amount)}</TableCell>
                <TableCell>{p.method}</TableCell>
                <TableCell>{p.status}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
