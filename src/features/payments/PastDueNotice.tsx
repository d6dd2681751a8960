import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { ACTION_BELOW_ON_PHONES } from '../../components/alertActionBelow';
import { ButtonLink } from '../../components/links';
import { formatDay } from './format';
import type { Subscription } from './types';

/** The billing page's payment methods card, where a card is updated (the dunning e-mails link to this page too). */
export const PAYMENT_METHODS_ANCHOR = 'payment-methods';

function UpdateCardLink({ label }: { label: string }) {
  return (
    <ButtonLink
      to="/account/$section"
      params={{ section: 'billing' }}
      hash={PAYMENT_METHODS_ANCHOR}
      color="inherit"
      size="small"
      variant="outlined"
    >
      {label}
    </ButtonLink>
  );
}

/**
 * Dunning (decision 041): a renewal that could not be charged. While it is past_due the plan still
 * works and the card is retried on the date shown; after the last retry the plan is canceled.
 */
export function PastDueNotice({ subscription: s }: { subscription: Subscription }) {
  if (s.status === 'past_due') {
    return (
      <Alert severity="error" action={<UpdateCardLink label="Update card" />} sx={ACTION_BELOW_ON_PHONES}>
        <AlertTitle>Payment failed — update your card</AlertTitle>
        {s.nextPaymentAttemptAt
          ? `We could not charge your card (attempt ${s.failedPaymentAttempts}). We will try again on ${formatDay(s.nextPaymentAttemptAt)}; without a working card the plan is canceled after the last try.`
          : 'We could not charge your card and will not try again: the plan is about to be canceled.'}
      </Alert>
    );
  }
  if (s.status === 'canceled' && s.failedPaymentAttempts > 0) {
    return (
      <Alert severity="warning" action={<UpdateCardLink label="Add a card" />} sx={ACTION_BELOW_ON_PHONES}>
        <AlertTitle>Canceled: the payment failed</AlertTitle>
        We could not charge your card after {s.failedPaymentAttempts} attempts, so this plan has ended. Add a working card to subscribe
        again.
      </Alert>
    );
  }
  return null;
}
