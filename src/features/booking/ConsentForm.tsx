import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { consentInput } from '../../../server/domains/booking/inputs';
import { trpc } from '../../trpc';

/** The digital consent form: legal name, date of birth (18+), health answers; the text is kept as signed. */
export function ConsentForm(props: { bookingId: string; preview: string; questions: ReadonlyArray<{ id: string; text: string }> }) {
  const utils = trpc.useUtils();
  const [legalName, setLegalName] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const [healthNotes, setHealthNotes] = useState('');
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sign = trpc.booking.signConsent.useMutation({
    onSuccess: () => void utils.booking.invalidate(),
    onError: (e) => setError(e.message),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = consentInput.safeParse({ bookingId: props.bookingId, legalName, dateOfBirth, answers, healthNotes, agree });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    sign.mutate(parsed.data);
  }

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Consent form">
      <Typography variant="subtitle1" component="h3">
        Consent form
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {props.preview}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField label="Legal name" value={legalName} onChange={(e) => setLegalName(e.target.value)} required />
      <TextField
        label="Date of birth"
        type="date"
        value={dateOfBirth}
        onChange={(e) => setDateOfBirth(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        required
      />
      {props.questions.map((q) => (
        <FormControl key={q.id}>
          <FormLabel id={`q-${q.id}`}>{q.text}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`q-${q.id}`}
            value={q.id in answers ? String(answers[q.id]) : ''}
            onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value === 'true' })}
          >
            <FormControlLabel value="false" control={<Radio />} label="No" />
            <FormControlLabel value="true" control={<Radio />} label="Yes" />
          </RadioGroup>
        </FormControl>
      ))}
      <TextField
        label="Anything the artist should know about your health"
        multiline
        value={healthNotes}
        onChange={(e) => setHealthNotes(e.target.value)}
      />
      <FormControlLabel
        control={<Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)} />}
        label="I have read and agree to the consent form"
      />
      <Button type="submit" variant="contained" disabled={sign.isPending}>
        Sign Consent Form
      </Button>
    </Stack>
  );
}
