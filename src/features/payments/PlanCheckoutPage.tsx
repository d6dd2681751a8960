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
import { useNextAction } from './useNextAction';
import { formatCents } from '../../../server/lib/money';

const DAY_MS = 86_400_000;

/**
 * /payment/{planType}: the plan, its trial and when it ends, the card, and the result. A card that
 * asks for 3-D Secure (for the first payment, or at a trial's start to authenticate it for the
 * renewals) shows the bank's challenge, then the server reads the outcome (decision 040); a
 * failed one leaves the card form with the reason, to try again.
 */
export function PlanCheckoutPage({ planType }: { planType: string }) {
  const plansChanged = usePlansChanged();
  const subscribe = trpc.payment.subscribe.useMutation({ onSuccess: plansChanged });
  const complete = trpc.payment.completeSubscription.useMutation({ onSuccess: plansChanged });
  const nextAction = useNextAction();
  const [authenticating, setAuthenticating] = useState(false);
  const plans = trpc.payment.plans.useQuery();
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
  // The server's trial (it may be set for every plan), the plan's own until it answers.
  const trialDays = plans.data?.find((p) => p.planId === plan.planId)?.trialDays ?? trialDaysFor(plan.planId);
  const done = complete.data ?? (subscribe.data?.nextAction ? null : subscribe.data);
  const failure = subscribe.error ?? complete.error;
  const start = async (paymentMethodId: string) => {
    complete.reset();
    const started = await subscribe.mutateAsync({ priceId: plan.planId, paymentMethodId, studioId: studioId || null }).catch(() => null);
    if (!started?.nextAction) return;
    setAuthenticating(true);
    // With a trial nothing is charged now: the challenge authenticates the card for the renewals.
    await nextAction.run(started.nextAction, trialDays > 0 ? 'card' : 'payment');
    await complete.mutateAsync({ subscriptionId: started.id }).catch(() => null);
    setAuthenticating(false);
  };
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
                  rows={
                    trialDays > 0
                      ? [
                          { label: `${plan.planName}, monthly`, value: formatCents(plan.priceCents) },
                          { label: `Due today (${trialDays}-day free trial)`, value: formatCents(0) },
                          { label: `First charge on ${formatDay(firstCharge)}`, value: formatCents(plan.priceCents), total: true },
                        ]
                      : [
                          { label: `${plan.planName}, monthly`, value: formatCents(plan.priceCents) },
                          { label: 'Due today', value: formatCents(plan.priceCents), total: true },
                        ]
                  }
                />
                <Typography variant="body2">
                  {trialDays > 0
                    ? `Then ${formatCents(plan.priceCents)} a month; no fees are added. Cancel anytime before ${formatDay(firstCharge)} and pay nothing.`
                    : `Then ${formatCents(plan.priceCents)} a month; no fees are added. Cancel anytime.`}
                </Typography>
                {managed.length > 0 && (
                  <FormControl fullWidth>
                    {/* Shrunk: the empty value shows "My own account", which the label would cover. */}
                    <InputLabel id="plan-studio-label" shrink>
                      For
                    </InputLabel>
                    <Select
                      labelId="plan-studio-label"
                      label="For"
                      notched
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
                  submitLabel={trialDays > 0 ? 'Start Free Trial' : `Subscribe for ${formatCents(plan.priceCents)}`}
                  busy={subscribe.isPending || authenticating}
                  error={failure ? `${errorText(failure)}${complete.error ? ' You can try again, with this card or another.' : ''}` : null}
                  onPaymentMethod={start}
                />
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
      {nextAction.challenge}
    </Container>
  );
}
