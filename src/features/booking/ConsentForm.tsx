import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { consentInput } from '../../../server/domains/booking/inputs';
import { FormTextField } from '../../components/forms/FormTextField';
import { inputResolver } from '../../components/forms/inputResolver';
import { trpc } from '../../trpc';

/** Each health answer is '' until picked, then 'true' or 'false' (the radio values). */
type Fields = { legalName: string; dateOfBirth: string; answers: Record<string, string>; healthNotes: string; agree: boolean };

/** The digital consent form: legal name, date of birth (18+), health answers; the text is kept as signed. */
export function ConsentForm(props: { bookingId: string; preview: string; questions: ReadonlyArray<{ id: string; text: string }> }) {
  const utils = trpc.useUtils();
  const sign = trpc.booking.signConsent.useMutation({ onSuccess: () => void utils.booking.invalidate() });
  const form = useForm<Fields, unknown, z.output<typeof consentInput>>({
    resolver: inputResolver(consentInput, (f: Fields) => ({
      bookingId: props.bookingId,
      legalName: f.legalName,
      dateOfBirth: f.dateOfBirth,
      answers: Object.fromEntries(Object.entries(f.answers).flatMap(([id, a]) => (a ? [[id, a === 'true']] : []))),
      healthNotes: f.healthNotes,
      agree: f.agree,
    })),
    defaultValues: {
      legalName: '',
      dateOfBirth: '',
      answers: Object.fromEntries(props.questions.map((q) => [q.id, ''])),
      healthNotes: '',
      agree: false,
    },
  });
  const { control } = form;
  const submit = form.handleSubmit((input) => sign.mutateAsync(input).catch(() => null));

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Consent form">
      <Typography variant="subtitle1" component="h3">
        Consent form
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {props.preview}
      </Typography>
      {sign.error && <Alert severity="error">{sign.error.message}</Alert>}
      <FormTextField control={control} name="legalName" label="Legal name" required />
      <FormTextField
        control={control}
        name="dateOfBirth"
        label="Date of birth"
        type="date"
        slotProps={{ inputLabel: { shrink: true } }}
        required
      />
      {props.questions.map((q) => (
        <Controller
          key={q.id}
          control={control}
          name={`answers.${q.id}`}
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)}>
              <FormLabel id={`q-${q.id}`}>{q.text}</FormLabel>
              <RadioGroup row aria-labelledby={`q-${q.id}`} {...field}>
                <FormControlLabel value="false" control={<Radio />} label="No" />
                <FormControlLabel value="true" control={<Radio />} label="Yes" />
              </RadioGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
      ))}
      <FormTextField control={control} name="healthNotes" label="Anything the artist should know about your health" multiline />
      <Controller
        control={control}
        name="agree"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(_, on) => field.onChange(on)} onBlur={field.onBlur} />}
              label="I have read and agree to the consent form"
            />
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
        Sign Consent Form
      </Button>
    </Stack>
  );
}
