import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PLANS } from '../../../server/domains/payments/rules';
import { ButtonLink } from '../../components/links';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { LoadFailed } from '../../components/LoadFailed';
import { formatDay } from './format';
import { formatCents } from '../../../server/lib/money';
import { PastDueNotice } from './PastDueNotice';
import { SectionCard } from './SectionCard';
import type { Subscription } from './types';
import { usePlansChanged } from './useFeatureGate';

/** The current plan(s): status, trial and period end, change plan, cancel at period end or now. */
export function SubscriptionsCard() {
  const subscriptions = trpc.payment.subscriptions.useQuery();
  return (
    <SectionCard title="Your plan">
      {subscriptions.isError && (
        <LoadFailed message="Failed to fetch subscriptions" onRetry={() => subscriptions.refetch()} retrying={subscriptions.isFetching} />
      )}
      {subscriptions.data?.length === 0 && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">You have no subscription.</Typography>
          <ButtonLink to="/pricing" variant="contained">
            See plans
          </ButtonLink>
        </Stack>
      )}
      <Stack spacing={3}>
        {subscriptions.data?.map((s) => (
          <SubscriptionRow key={s.id} subscription={s} />
        ))}
      </Stack>
    </SectionCard>
  );
}

const STATUS_LABELS: Partial<Record<string, string>> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Canceled',
};
// past_due keeps the default chip: the error palette's white-on-red chip fails contrast; its alert says it instead.
const STATUS_COLORS: Partial<Record<string, 'success'>> = { trialing: 'success', active: 'success' };

function SubscriptionRow({ subscription: s }: { subscription: Subscription }) {
  const refresh = usePlansChanged();
  const cancel = trpc.payment.cancelSubscription.useMutation({ onSuccess: refresh });
  const change = trpc.payment.changePlan.useMutation({ onSuccess: refresh });
  const [confirming, setConfirming] = useState(false);
  const other = s.planId === 'artist_pro' ? PLANS.studio : PLANS.artist_pro;
  const error = cancel.error ?? change.error;
  return (
    <Stack spacing={1} aria-label={`${s.planName} subscription`} role="group">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {s.planName} · {formatCents(s.price)}/month
        </Typography>
        <Chip size="small" label={STATUS_LABELS[s.status] ?? s.status} color={STATUS_COLORS[s.status] ?? 'default'} />
      </Stack>
      {s.status === 'trialing' && s.trialEnd && <Typography>Free trial until {formatDay(s.trialEnd)}</Typography>}
      <PastDueNotice subscription={s} />
      {s.status !== 'canceled' && s.status !== 'past_due' && (
        <Typography color="text.secondary">
          {s.cancelAtPeriodEnd ? `Ends on ${formatDay(s.currentPeriodEnd)}` : `Renews on ${formatDay(s.currentPeriodEnd)}`}
        </Typography>
      )}
      {error && <Alert severity="error">{errorText(error)}</Alert>}
      {s.status !== 'canceled' && (
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            disabled={change.isPending}
            onClick={() => change.mutate({ subscriptionId: s.id, priceId: other.planId })}
          >
            Switch to {other.planName}
          </Button>
          {!s.cancelAtPeriodEnd && (
            <Button
              variant="outlined"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate({ subscriptionId: s.id, cancelAtPeriodEnd: true })}
            >
              Cancel at period end
            </Button>
          )}
          <Button color="error" onClick={() => setConfirming(true)}>
            Cancel now
          </Button>
        </Stack>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`cancel-${s.id}`}>
        <DialogTitle id={`cancel-${s.id}`}>Cancel {s.planName} now?</DialogTitle>
        <DialogContent>
          <Typography>The plan ends at once and is removed from your account.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Keep plan</Button>
          <Button
            color="error"
            onClick={async () => {
              await cancel.mutateAsync({ subscriptionId: s.id, cancelAtPeriodEnd: false }).catch(() => null);
              setConfirming(false);
            }}
          >
            Cancel now
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
