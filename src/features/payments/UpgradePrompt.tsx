import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useId } from 'react';
import { isPlanId, PLANS, type PlanId } from '../../../server/domains/payments/rules';
import { ACTION_BELOW_ON_PHONES } from '../../components/alertActionBelow';
import { ButtonLink } from '../../components/links';
import { errorText } from '../../components/forms/errorText';

/** The plan a refused call names (decision 042: FORBIDDEN with `data.upgrade`), or null. */
export function upgradeOf(error: unknown): PlanId | null {
  const upgrade = (error as { data?: { upgrade?: unknown } } | null)?.data?.upgrade;
  return typeof upgrade === 'string' && isPlanId(upgrade) ? upgrade : null;
}

/**
 * Where a gated action is offered or was refused: what the plan unlocks and a link to its checkout
 * (the trial starts there). A status region, so a screen reader hears it when it appears.
 */
export function UpgradePrompt({ plan, message }: { plan: PlanId; message: string }) {
  const titleId = useId();
  const name = PLANS[plan].planName;
  return (
    <Alert
      severity="info"
      role="status"
      aria-labelledby={titleId}
      sx={ACTION_BELOW_ON_PHONES}
      action={
        <ButtonLink to="/payment/$planType" params={{ planType: plan }} color="inherit" size="small" aria-label={`Upgrade to ${name}`}>
          Upgrade
        </ButtonLink>
      }
    >
      <AlertTitle id={titleId}>{name} feature</AlertTitle>
      {message} 30-day free trial.
    </Alert>
  );
}

/** A failed call's message, or the upgrade prompt when a plan would lift the refusal. */
export function ErrorOrUpgrade({ error }: { error: unknown }) {
  const plan = upgradeOf(error);
  if (plan) return <UpgradePrompt plan={plan} message={errorText(error)} />;
  return <Alert severity="error">{errorText(error)}</Alert>;
}
