import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useState } from 'react';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { loadStripe } from './stripe-js';

/** What the server hands over when a card asks for 3-D Secure (decision 040). */
export type NextAction = { paymentIntentId: string; clientSecret: string };

type Waiting = { action: NextAction; purpose: ChallengePurpose; done(): void };

/** What the challenge authenticates: a payment, or a card saved for later charges (a trial's start). */
export type ChallengePurpose = 'payment' | 'card';

const WORDING: Record<ChallengePurpose, { title: string; text: string }> = {
  payment: {
    title: 'Confirm this payment with your bank',
    text: 'Test mode: this stands in for your bank’s 3-D Secure check. Complete it to pay, or fail it to see a refused authentication. No real card is charged.',
  },
  card: {
    title: 'Confirm your card with your bank',
    text: 'Test mode: this stands in for your bank’s 3-D Secure check. Nothing is charged today: complete it so the card can pay the subscription after the trial, or fail it to see a refused authentication.',
  },
};

/**
 * Runs a charge's next action in the browser: Stripe.js's handleNextAction (the bank's challenge in
 * Stripe's modal) with Stripe, or the app's own test challenge in local mode. It resolves once the
 * payer has answered, whatever the answer: the caller then asks the server, which reads the outcome
 * from the provider (the browser's word is never taken for it). `challenge` must be rendered.
 * `purpose` words the local dialog: a payment, or a card authenticated for later (a trial's start).
 */
export function useNextAction(): { run(action: NextAction, purpose?: ChallengePurpose): Promise<void>; challenge: ReactNode } {
  const config = trpc.payment.config.useQuery();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const run = async (action: NextAction, purpose: ChallengePurpose = 'payment') => {
    const publishableKey = config.data?.provider === 'stripe' ? config.data.publishableKey : null;
    if (publishableKey) {
      const stripe = await loadStripe(publishableKey);
      await stripe.handleNextAction({ clientSecret: action.clientSecret });
      return;
    }
    await new Promise<void>((done) => setWaiting({ action, purpose, done }));
  };
  const challenge = waiting && (
    <LocalChallengeDialog
      action={waiting.action}
      purpose={waiting.purpose}
      onAnswered={() => {
        setWaiting(null);
        waiting.done();
      }}
    />
  );
  return { run, challenge };
}

/**
 * Local mode's stand-in for the bank's 3-D Secure page (Stripe's test page has the same two
 * buttons). Closing it fails the authentication, as closing Stripe's challenge does.
 */
function LocalChallengeDialog({ action, purpose, onAnswered }: { action: NextAction; purpose: ChallengePurpose; onAnswered(): void }) {
  const answer = trpc.payment.answerLocalChallenge.useMutation({ onSuccess: onAnswered });
  const reply = (approve: boolean) => {
    if (!answer.isPending) answer.mutate({ ...action, approve });
  };
  return (
    <Dialog
      open
      onClose={() => reply(false)}
      aria-labelledby="three-d-secure-title"
      aria-describedby="three-d-secure-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="three-d-secure-title">{WORDING[purpose].title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="three-d-secure-text">{WORDING[purpose].text}</DialogContentText>
        {answer.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(answer.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => reply(false)} disabled={answer.isPending}>
          Fail authentication
        </Button>
        <Button variant="contained" onClick={() => reply(true)} disabled={answer.isPending}>
          Complete authentication
        </Button>
      </DialogActions>
    </Dialog>
  );
}
