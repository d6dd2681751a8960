import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { RequestPaymentDialog } from './RequestPaymentDialog';
import { personName } from '../booking/status';

/** The composer's action for asking the other person in a conversation to pay. */
export function RequestPaymentButton({
  threadId,
  payee,
}: {
  threadId: string;
  payee: { id: string; displayName: string; firstName: string; lastName: string };
}) {
  const [open, setOpen] = useState(false);
  const name = personName(payee);
  return (
    <>
      <IconButton aria-label="Request payment" onClick={() => setOpen(true)}>
        <RequestQuoteIcon />
      </IconButton>
      <RequestPaymentDialog threadId={threadId} payeeId={payee.id} payeeName={name} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
