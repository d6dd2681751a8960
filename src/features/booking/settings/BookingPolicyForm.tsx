import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { bookingSettingsInput } from '../../../../server/domains/booking/inputs';
import { upgradeMessage } from '../../../../server/domains/plans/rules';
import { centsToDollarText, parseDollarsToCents } from '../../../../server/lib/money';
import { FormSwitch } from '../../../components/forms/FormSwitch';
import { FormTextField } from '../../../components/forms/FormTextField';
import { inputResolver } from '../../../components/forms/inputResolver';
import { trpc } from '../../../trpc';
import { ErrorOrUpgrade, UpgradePrompt } from '../../payments/UpgradePrompt';

type Settings = z.output<typeof bookingSettingsInput>;
/** What the artist types, under the input's field names (numbers and dollars as text). */
type Fields = {
  booksOpen: boolean;
  bufferMinutes: string;
  depositPolicy: string;
  depositFixedCents: string;
  depositPercent: string;
  freeReschedules: string;
  rescheduleNoticeHours: string;
  confirmationMode: string;
};

/** '' and not-a-number stay NaN so the server schema's own message answers. */
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const toInput = (f: Fields) => ({
  booksOpen: f.booksOpen,
  bufferMinutes: number(f.bufferMinutes),
  depositPolicy: f.depositPolicy,
  depositFixedCents: f.depositPolicy === 'fixed' ? (parseDollarsToCents(f.depositFixedCents) ?? Number.NaN) : 0,
  depositPercent: f.depositPolicy === 'percent' ? number(f.depositPercent) : 0,
  freeReschedules: number(f.freeReschedules),
  rescheduleNoticeHours: number(f.rescheduleNoticeHours),
  confirmationMode: f.confirmationMode,
});

const fieldsOf = (s: Settings): Fields => ({
  booksOpen: s.booksOpen,
  depositPolicy: s.depositPolicy,
  confirmationMode: s.confirmationMode,
  depositFixedCents: s.depositFixedCents ? centsToDollarText(s.depositFixedCents) : '',
  bufferMinutes: String(s.bufferMinutes),
  depositPercent: String(s.depositPercent),
  freeReschedules: String(s.freeReschedules),
  rescheduleNoticeHours: String(s.rescheduleNoticeHours),
});

/**
 * Books open, buffer, deposit policy, reschedule policy and confirmation mode. `depositsAllowed`
 * is the server's answer for this artist (their plan or a studio's, decision 042).
 */
export function BookingPolicyForm(props: { settings: Settings & { depositsAllowed: boolean } }) {
  const utils = trpc.useUtils();
  const save = trpc.booking.saveSettings.useMutation({ onSuccess: (saved) => utils.booking.settings.setData(undefined, saved) });
  const form = useForm<Fields, unknown, Settings>({
    resolver: inputResolver(bookingSettingsInput, toInput),
    defaultValues: fieldsOf(props.settings),
  });
  const { control } = form;
  const depositPolicy = useWatch({ control, name: 'depositPolicy' });
  const submit = form.handleSubmit((input) => save.mutateAsync(input).catch(() => null));
  // Decision 042 up front: without the plan a deposit cannot be set or changed, so say so before
  // the save. The saved policy stays shown (and may be kept, or turned off with "No deposit").
  const locked = !props.settings.depositsAllowed;
  const saved = props.settings.depositPolicy;
  const readOnlyWhenLocked = locked ? { htmlInput: { readOnly: true } } : undefined;

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-labelledby="booking-policy-title" sx={{ maxWidth: 560 }}>
      <Typography id="booking-policy-title" variant="h6" component="h2">
        Booking
      </Typography>
      {save.error && <ErrorOrUpgrade error={save.error} />}
      {save.isSuccess && <Alert severity="success">Booking settings saved</Alert>}
      <FormSwitch control={control} name="booksOpen" label="Books open (clients can send booking requests)" />
      <FormTextField control={control} name="bufferMinutes" label="Buffer between sessions (minutes)" type="number" />
      <FormTextField
        control={control}
        name="depositPolicy"
        select
        label="Deposit"
        helperText="Non-refundable, applied to the final session"
      >
        <MenuItem value="none">No deposit</MenuItem>
        <MenuItem value="fixed" disabled={locked && saved !== 'fixed'}>
          Fixed amount
        </MenuItem>
        <MenuItem value="percent" disabled={locked && saved !== 'percent'}>
          Percent of the estimate
        </MenuItem>
      </FormTextField>
      {depositPolicy === 'fixed' && (
        <FormTextField
          control={control}
          name="depositFixedCents"
          label="Deposit amount (USD)"
          type="number"
          slotProps={readOnlyWhenLocked}
        />
      )}
      {depositPolicy === 'percent' && (
        <FormTextField control={control} name="depositPercent" label="Deposit percent" type="number" slotProps={readOnlyWhenLocked} />
      )}
      {/* After the deposit's own fields, so the saved amount stays next to its policy. */}
      {locked && <UpgradePrompt plan="artist_pro" message={upgradeMessage('deposits')} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="freeReschedules" label="Free reschedules" type="number" fullWidth />
        <FormTextField control={control} name="rescheduleNoticeHours" label="Notice window (hours)" type="number" fullWidth />
      </Stack>
      <FormTextField control={control} name="confirmationMode" select label="Confirmation">
        <MenuItem value="automatic">Automatic (when the deposit is paid)</MenuItem>
        <MenuItem value="approval">After my approval</MenuItem>
      </FormTextField>
      <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        Save Booking Settings
      </Button>
    </Stack>
  );
}
