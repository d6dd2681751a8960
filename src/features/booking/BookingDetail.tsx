import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { paymentBreakdown } from '../../../server/domains/payments/rules';
import { FeeBreakdown } from '../../components/FeeBreakdown';
import { trpc } from '../../trpc';
import { breakdownRows } from '../payments/breakdownRows';
import { ConsentForm } from './ConsentForm';
import { formatBothZones } from './format';
import { formatCents } from '../../../server/lib/money';
import { SlotPicker } from './SlotPicker';
import { BOOKING_STATUS_TEXT, DEPOSIT_STATUS_TEXT } from './status';

/** Local test cards of the embedded payments provider (Stripe's own test ids). */
const TEST_CARDS = [
  { id: 'pm_card_visa', label: 'Visa •••• 4242 (test)' },
  { id: 'pm_card_mastercard', label: 'Mastercard •••• 4444 (test)' },
];

/** One session: time in the studio's zone, deposit, consent, and the actions for the viewer's role (pay, approve, reschedule, cancel). */
export function BookingDetail(props: { bookingId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.booking.byId.useQuery({ bookingId: props.bookingId });
  const [card, setCard] = useState(TEST_CARDS[0].id);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const refresh = {
    onSuccess: () => {
      setError(null);
      void utils.booking.invalidate();
      void utils.calendar.invalidate();
    },
    onError: (e: { message: string }) => setError(e.message),
  };
  const pay = trpc.booking.payDeposit.useMutation(refresh);
  const approve = trpc.booking.approve.useMutation(refresh);
  const cancel = trpc.booking.cancel.useMutation(refresh);
  const complete = trpc.booking.complete.useMutation(refresh);
  const confirmId = trpc.booking.confirmId.useMutation(refresh);
  if (!query.data) return query.error ? <Alert severity="error">{query.error.message}</Alert> : null;
  const b = query.data;
  const live = b.status === 'held' || b.status === 'confirmed';
  return (
    <Stack spacing={2} aria-label="Booking details">
      <Typography variant="h6" component="h2">
        {b.title} with {b.artistName}
      </Typography>
      <Typography>{formatBothZones(b.startsAt, b.timezone)}</Typography>
      <Typography variant="body2">
        {b.shopName}
        {b.address ? `, ${b.address}` : ''} · Status: {BOOKING_STATUS_TEXT[b.status]}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {b.deposit > 0 && (
        <Typography variant="body2">
          Deposit {formatCents(b.deposit)}: {DEPOSIT_STATUS_TEXT[b.depositStatus]}
        </Typography>
      )}
      {b.role === 'client' && b.status === 'held' && b.depositStatus === 'due' && (
        <Stack spacing={1.5} component="section" aria-label="Pay the deposit">
          <FeeBreakdown
            label="Deposit: who pays what"
            rows={breakdownRows(paymentBreakdown(b.deposit, 'platform'), { viewer: 'payer', recipientName: null })}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField select label="Card" value={card} onChange={(e) => setCard(e.target.value)}>
              {TEST_CARDS.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" disabled={pay.isPending} onClick={() => pay.mutate({ bookingId: b.id, paymentMethodId: card })}>
              Pay Deposit {formatCents(b.deposit)}
            </Button>
          </Stack>
        </Stack>
      )}
      {b.status === 'held' && b.depositStatus !== 'due' && b.role !== 'client' && (
        <Button variant="contained" onClick={() => approve.mutate({ bookingId: b.id })}>
          Approve Booking
        </Button>
      )}
      {b.role !== 'client' && b.status === 'confirmed' && (
        <Stack direction="row" spacing={1}>
          <FormControlLabel
            control={
              <Checkbox
                checked={Boolean(b.idConfirmedAt)}
                disabled={Boolean(b.idConfirmedAt)}
                onChange={() => confirmId.mutate({ bookingId: b.id })}
              />
            }
            label="Photo ID checked"
          />
          <Button onClick={() => complete.mutate({ bookingId: b.id })}>Mark Completed</Button>
        </Stack>
      )}
      {b.consent ? (
        <Alert severity="success">
          Consent form signed by {b.consent.legalName} on {new Date(b.consent.signedAt).toLocaleString('en-US')}
        </Alert>
      ) : b.role === 'client' && live ? (
        <ConsentForm bookingId={b.id} preview={b.consentPreview} questions={b.healthQuestions} />
      ) : (
        live && <Typography variant="body2">Consent form not signed yet</Typography>
      )}
      {live && b.requestId && b.role !== 'staff' && (
        <Stack spacing={1}>
          {b.role === 'client' && (
            <Typography variant="body2">
              {b.policy.reschedulesLeft === 0
                ? 'You have used your free reschedules for this booking.'
                : `You can reschedule ${b.policy.reschedulesLeft === 1 ? 'once' : `${b.policy.reschedulesLeft} times`} for free, up to ${b.policy.rescheduleNoticeHours} hours before the session.`}
            </Typography>
          )}
          <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setRescheduling(!rescheduling)} aria-expanded={rescheduling}>
            {rescheduling ? 'Keep This Time' : 'Reschedule'}
          </Button>
          {rescheduling && (
            <SlotPicker
              requestId={b.requestId}
              studios={[{ id: b.shopId, name: b.shopName, timezone: b.timezone }]}
              rescheduleBookingId={b.id}
              onBooked={() => setRescheduling(false)}
            />
          )}
        </Stack>
      )}
      {live && !confirmCancel && (
        <Button color="warning" onClick={() => setConfirmCancel(true)}>
          Cancel Booking
        </Button>
      )}
      {live && confirmCancel && (
        // A cancellation can cost the client the deposit, so it takes a second, explicit click.
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" onClick={() => setConfirmCancel(false)}>
                Keep Booking
              </Button>
              <Button color="inherit" disabled={cancel.isPending} onClick={() => cancel.mutate({ bookingId: b.id })}>
                Yes, Cancel
              </Button>
            </Stack>
          }
        >
          {b.depositStatus === 'paid'
            ? 'Cancel this session? Inside the artist’s notice window the deposit is kept; outside it, it can move to a new date.'
            : 'Cancel this session?'}
        </Alert>
      )}
    </Stack>
  );
}
