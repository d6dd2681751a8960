import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isPlanId, PLANS, trialDaysFor } from '../../../server/domains/payments/rules';
import { FeeBreakdown } from '../../components/FeeBreakdown';
import { usePlansChanged } from './useFeatureGate';
import { ButtonLink } from '../../components/links';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { CardEntry } from './CardEntry';
import { formatDay } from './format';
import { formatCents } from '../../../server/lib/money';

const DAY_MS = 86_400_000;

/** /payment/{planType}: the plan, its trial and when it ends, the card, and the result. */
export function PlanCheckoutPage({ planType }: { planType: string }) {
  const plansChanged = usePlansChanged();
  const subscribe = trpc.payment.subscribe.useMutation({ onSuccess: plansChanged });
  // The Studio plan can be bought for a studio the user manages (or for themselves).
  const studios = trpc.studio.mine.useQuery(undefined, { enabled: planType === 'studio' });
  const managed = studios.data?.filter((s) => s.canManage) ?? [];
  const [studioId, setStudioId] = useState('');
  if (!isPlanId(planType)) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert severity="error">Invalid plan selected</Alert>
        <ButtonLink to="/pricing" sx={{ mt: 2 }}>
          See the plans
        </ButtonLink>
      </Container>
    );
  }
  const plan = PLANS[planType];
  const trialDays = trialDaysFor(plan.planId);
  const done = subscribe.data;
  // Without a trial the first charge is today.
  const firstCharge = new Date(Date.now() + trialDays * DAY_MS);

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 3 }}>
        Subscribe to {plan.planName}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
              {plan.planName} · {formatCents(plan.priceCents)}/month
            </Typography>
            {done ? (
              <>
                <Alert severity="success">
                  {done.status === 'trialing'
                    ? `Your ${trialDays}-day free trial has started. It ends on ${formatDay(done.trialEnd)}; then ${formatCents(done.price)} a month.`
                    : `You are subscribed to ${done.planName}. Next payment on ${formatDay(done.currentPeriodEnd)}.`}
                </Alert>
                <ButtonLink to="/account/$section" params={{ section: 'billing' }} variant="contained">
                  Go to billing
                </ButtonLink>
              </>
            ) : (
              <>
                <FeeBreakdown
                  label="What you pay"
                  rows={[
                    { label: `${plan.planName}, monthly`, value: formatCents(plan.priceCents) },
                    {
                      label: trialDays > 0 ? `Due today (${trialDays}-day free trial)` : 'Due today',
                      value: formatCents(trialDays > 0 ? 0 : plan.priceCents),
                    },
                    { label: `First charge on ${formatDay(firstCharge)}`, value: formatCents(plan.priceCents), total: true },
                  ]}
                />
                <Typography variant="body2">
                  Then {formatCents(plan.priceCents)} a month; no fees are added. Cancel anytime before {formatDay(firstCharge)} and pay
                  nothing.
                </Typography>
                {managed.length > 0 && (
                  <FormControl fullWidth>
                    <InputLabel id="plan-studio-label">For</InputLabel>
                    <Select
                      labelId="plan-studio-label"
                      label="For"
                      value={studioId}
                      onChange={(e) => setStudioId(e.target.value)}
                      displayEmpty
                    >
                      <MenuItem value="">My own account</MenuItem>
                      {managed.map((studio) => (
                        <MenuItem key={studio.id} value={studio.id}>
                          {studio.name}
                        </MenuItem>
                      ))}
                    </Select>
                  </FormControl>
                )}
                <CardEntry
                  submitLabel="Start Free Trial"
                  busy={subscribe.isPending}
                  error={subscribe.error ? errorText(subscribe.error) : null}
                  onPaymentMethod={(paymentMethodId) =>
                    subscribe.mutateAsync({ priceId: plan.planId, paymentMethodId, studioId: studioId || null }).catch(() => null)
                  }
                />
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
