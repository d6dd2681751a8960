import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { formatBothZones } from './format';
import { formatCents, parseDollarsToCents } from '../../../server/lib/money';
import { SlotPicker } from './SlotPicker';
import { personName, REQUEST_STATUS_TEXT } from './status';

/** A booking request as its client or artist sees it, with the actions its status allows. */
export function RequestView(props: { requestId: string; onOpenBooking: (id: string) => void }) {
  const utils = trpc.useUtils();
  const query = trpc.booking.request.useQuery({ requestId: props.requestId });
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [quote, setQuote] = useState({ sessionCount: '1', sessionMinutes: '120', estimate: '' });
  const done = {
    onSuccess: () => {
      setText('');
      setError(null);
      void utils.booking.invalidate();
    },
    onError: (e: { message: string }) => setError(e.message),
  };
  const ask = trpc.booking.ask.useMutation(done);
  const answer = trpc.booking.answer.useMutation(done);
  const decline = trpc.booking.decline.useMutation(done);
  const cancel = trpc.booking.cancelRequest.useMutation(done);
  const sendQuote = trpc.booking.quote.useMutation(done);
  if (!query.data) return query.error ? <Alert severity="error">{query.error.message}</Alert> : null;
  const r = query.data;
  const open = r.status === 'pending' || r.status === 'question';

  return (
    <Stack spacing={2} aria-label="Booking request">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          {r.role === 'artist' ? `Request from ${personName(r.client)}` : `Request to ${r.artist.name}`}
        </Typography>
        <Chip label={REQUEST_STATUS_TEXT[r.status]} color={r.status === 'quoted' ? 'primary' : 'default'} />
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      <Typography>{r.idea}</Typography>
      <Typography variant="body2">
        Placement: {r.placement} · Size: {r.size}
        {r.style ? ` · Style: ${r.style}` : ''}
        {r.budget !== null ? ` · Budget: ${formatCents(r.budget)}` : ''}
      </Typography>
      {r.referencePhotos.length > 0 && (
        <Stack direction="row" spacing={1}>
          {r.referencePhotos.map((p) => (
            <img key={p.id} src={p.url} alt="Reference" width={96} height={96} style={{ objectFit: 'cover', borderRadius: 4 }} />
          ))}
        </Stack>
      )}
      {r.question && <Alert severity="info">Question: {r.question}</Alert>}
      {r.declineReason && <Alert severity="warning">Declined: {r.declineReason}</Alert>}
      {r.estimate !== null && (
        <Alert severity="success">
          Quote: {r.sessionCount} × {r.sessionMinutes} min, {r.estimate ? `estimate ${formatCents(r.estimate)}` : 'free'};{' '}
          {r.deposit ? `deposit ${formatCents(r.deposit)} (non-refundable, applied to the final session)` : 'no deposit'}
        </Alert>
      )}
      {r.status === 'expired' && r.suggestions.length > 0 && (
        <Typography variant="body2">Artists with open books: {r.suggestions.map((s) => s.name).join(', ')}</Typography>
      )}
      {r.bookings.map((b) => (
        <Button key={b.id} variant="text" onClick={() => props.onOpenBooking(b.id)}>
          Session {b.sessionNumber}: {formatBothZones(b.startsAt, b.timezone)} ({b.status})
        </Button>
      ))}

      {r.role === 'artist' && open && (
        <Stack spacing={1} component="section" aria-label="Answer the request">
          <Stack direction="row" spacing={1}>
            <TextField
              select
              label="Sessions"
              value={quote.sessionCount}
              sx={{ minWidth: 110 }}
              onChange={(e) => setQuote({ ...quote, sessionCount: e.target.value })}
            >
              {[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => (
                <MenuItem key={n} value={String(n)}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Minutes per session"
              type="number"
              value={quote.sessionMinutes}
              onChange={(e) => setQuote({ ...quote, sessionMinutes: e.target.value })}
            />
            <TextField
              label="Estimate (USD)"
              type="number"
              value={quote.estimate}
              onChange={(e) => setQuote({ ...quote, estimate: e.target.value })}
            />
          </Stack>
          <Button
            variant="contained"
            onClick={() =>
              sendQuote.mutate({
                requestId: r.id,
                sessionCount: Number(quote.sessionCount),
                sessionMinutes: Number(quote.sessionMinutes),
                estimate: parseDollarsToCents(quote.estimate) ?? Number.NaN,
              })
            }
          >
            Send Quote
          </Button>
          <TextField label="Question or reason" value={text} onChange={(e) => setText(e.target.value)} />
          <Stack direction="row" spacing={1}>
            <Button disabled={r.status !== 'pending'} onClick={() => ask.mutate({ requestId: r.id, question: text })}>
              Ask
            </Button>
            <Button color="warning" onClick={() => decline.mutate({ requestId: r.id, reason: text })}>
              Decline
            </Button>
          </Stack>
        </Stack>
      )}
      {r.role === 'client' && r.status === 'question' && (
        <Stack direction="row" spacing={1}>
          <TextField label="Your answer" value={text} onChange={(e) => setText(e.target.value)} fullWidth />
          <Button onClick={() => answer.mutate({ requestId: r.id, answer: text })}>Answer</Button>
        </Stack>
      )}
      {r.role === 'client' && (r.status === 'quoted' || r.status === 'scheduled') && (
        <SlotPicker requestId={r.id} studios={r.studios} defaultShopId={r.shop?.id} onBooked={props.onOpenBooking} />
      )}
      {r.role === 'client' && (open || r.status === 'quoted') && (
        <Button color="warning" onClick={() => cancel.mutate({ requestId: r.id })}>
          Cancel Request
        </Button>
      )}
    </Stack>
  );
}
