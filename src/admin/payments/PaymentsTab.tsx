import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PAYMENT_TEST_LOG_LIMIT, TEST_CARDS, TEST_TRIAL_CHOICES } from '../../../server/domains/admin/inputs';
import { PLANS, trialDaysFor } from '../../../server/domains/payments/rules';
import { REQUEST_CASES, requestCase } from './requestCases';
import { trpc } from '../../trpc';
import { refusalReason } from '../components/failure';
import { formatCents } from '../../../server/lib/money';

type LogEntry = { id: string; at: Date; test: string; ok: boolean; summary: string };

/** Payment Testing (spec 2 §2, §9): environment toggle, test cards, subscription scenarios, request cases, results log. */
export default function PaymentsTab() {
  const [production, setProduction] = useState(false);
  const environment = production ? 'production' : 'development';
  const [card, setCard] = useState<string>(TEST_CARDS[0].id);
  const [amount, setAmount] = useState(100);
  const [trialDays, setTrialDays] = useState<number>(-1);
  const [log, setLog] = useState<LogEntry[]>([]);
  const testCard = trpc.admin.payments.testCard.useMutation();
  const testSubscription = trpc.admin.payments.testSubscription.useMutation();
  const busy = testCard.isPending || testSubscription.isPending;

  const record = (test: string, ok: boolean, summary: string) =>
    setLog((entries) => [{ id: crypto.randomUUID(), at: new Date(), test, ok, summary }, ...entries].slice(0, PAYMENT_TEST_LOG_LIMIT));
  const attempt = async (test: string, call: () => Promise<{ ok: boolean; summary: string }>) => {
    try {
      const result = await call();
      record(test, result.ok, result.summary);
    } catch (error) {
      const reason = refusalReason(error);
      record(test, false, reason ? `Failed to process payment: ${reason}` : 'Failed to process payment');
    }
  };
  const cardLabel = TEST_CARDS.find((c) => c.id === card)?.label ?? card;

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
          Payment Testing Dashboard
        </Typography>
        <FormControlLabel
          label={`Environment: ${environment}`}
          control={<Switch checked={production} onChange={(_e, checked) => setProduction(checked)} />}
        />
      </Stack>
      <Alert severity="info">Every test charge is refunded and every test subscription cancelled at once; only test cards are used.</Alert>

      <Card variant="outlined" component="section" aria-labelledby="test-cards-title">
        <CardContent>
          <Typography id="test-cards-title" variant="h3" sx={{ fontSize: '1.2rem', mb: 2 }}>
            Test cards
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField select label="Test card" value={card} onChange={(e) => setCard(e.target.value)} sx={{ minWidth: 240 }}>
              {TEST_CARDS.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.label} ({c.id})
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Amount (cents)"
              type="number"
              value={amount}
              onChange={(e) => setAmount(Number(e.target.value))}
              helperText={Number.isFinite(amount) ? formatCents(amount) : ''}
            />
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => void attempt(`Charge ${cardLabel}`, () => testCard.mutateAsync({ card, amount }))}
            >
              Charge and Refund
            </Button>
          </Stack>
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="subscription-title">
        <CardContent>
          <Typography id="subscription-title" variant="h3" sx={{ fontSize: '1.2rem', mb: 2 }}>
            Subscription scenarios
          </Typography>
          <TextField
            select
            label="Trial days"
            value={trialDays}
            onChange={(e) => setTrialDays(Number(e.target.value))}
            sx={{ minWidth: 240, mb: 2 }}
          >
            {TEST_TRIAL_CHOICES.map((days) => (
              <MenuItem key={days} value={days}>
                {days === -1 ? 'Default (-1)' : days === 0 ? 'No trial (0)' : `Custom: ${days} days`}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            {(['artist_pro', 'studio'] as const).map((plan) => {
              const days = trialDays === -1 ? trialDaysFor(plan, environment) : trialDays;
              return (
                <Button
                  key={plan}
                  variant="outlined"
                  disabled={busy}
                  onClick={() =>
                    void attempt(`${PLANS[plan].planName} (${days} trial days)`, () =>
                      testSubscription.mutateAsync({ plan, environment, trialDays, card }),
                    )
                  }
                >
                  Subscribe {PLANS[plan].planName} {formatCents(PLANS[plan].priceCents)}/month · {days} trial days
                </Button>
              );
            })}
          </Stack>
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="requests-title">
        <CardContent>
          <Typography id="requests-title" variant="h3" sx={{ fontSize: '1.2rem', mb: 2 }}>
            Payment request cases
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {REQUEST_CASES.map((c) => (
              <Button
                key={c.label}
                variant="outlined"
                size="small"
                onClick={() => void attempt(`Request: ${c.label}`, async () => requestCase(c))}
              >
                {c.label}
              </Button>
            ))}
          </Stack>
        </CardContent>
      </Card>

      <Box component="section" aria-labelledby="results-title">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="results-title" variant="h3" sx={{ fontSize: '1.2rem' }}>
            Results ({log.length}/{PAYMENT_TEST_LOG_LIMIT})
          </Typography>
          <Button size="small" onClick={() => setLog([])} disabled={log.length === 0}>
            Clear
          </Button>
        </Stack>
        {log.length === 0 && <Typography color="text.secondary">No tests run yet.</Typography>}
        <Box component="ol" role="log" aria-label="Payment test results" sx={{ pl: 0, listStyle: 'none', m: 0 }}>
          {log.map((entry) => (
            <Box
              component="li"
              key={entry.id}
              sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Chip label={entry.ok ? 'OK' : 'FAILED'} size="small" color={entry.ok ? 'success' : 'error'} />
              <Typography variant="body2">
                {entry.at.toLocaleTimeString('en-US')} · {entry.test}: {entry.summary}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
