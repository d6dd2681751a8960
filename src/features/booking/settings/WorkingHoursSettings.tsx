import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { workingHoursInput } from '../../../../server/domains/booking/inputs';
import { type OpeningHours, summarizeHours } from '../../../../server/domains/studios/rules';
import { trpc } from '../../../trpc';
import { OperatingHoursEditor } from '../../studios/OperatingHoursEditor';

type StudioHours = { shopId: string; shopName: string; timezone: string; openingHours: OpeningHours; hours: OpeningHours | null };

/** My hours at each studio I work at, in its timezone; by default the studio's opening hours. */
export function WorkingHoursSettings(props: { studios: StudioHours[] }) {
  return (
    <Stack spacing={2} component="section" aria-labelledby="working-hours-title">
      <Typography id="working-hours-title" variant="h6" component="h2">
        Working hours
      </Typography>
      {props.studios.length === 0 && <Typography>Join a studio to set your working hours there.</Typography>}
      {props.studios.map((studio) => (
        <StudioWorkingHours key={studio.shopId} studio={studio} />
      ))}
    </Stack>
  );
}

function StudioWorkingHours({ studio }: { studio: StudioHours }) {
  const utils = trpc.useUtils();
  const [own, setOwn] = useState(studio.hours !== null);
  const [hours, setHours] = useState<OpeningHours>(studio.hours ?? studio.openingHours);
  const [error, setError] = useState<string | null>(null);
  const save = trpc.booking.setWorkingHours.useMutation({
    onSuccess: (saved) => utils.booking.settings.setData(undefined, saved),
    onError: (e) => setError(e.message),
  });
  function submit() {
    const parsed = workingHoursInput.safeParse({ shopId: studio.shopId, hours: own ? hours : null });
    save.reset();
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the hours');
    setError(null);
    save.mutate(parsed.data);
  }
  return (
    <Stack spacing={1} role="group" aria-label={`Hours at ${studio.shopName}`} sx={{ maxWidth: 560 }}>
      <Typography variant="subtitle1" component="h3">
        {studio.shopName} ({studio.timezone})
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {save.isSuccess && <Alert severity="success">Working hours saved</Alert>}
      <FormControlLabel
        control={<Checkbox checked={!own} onChange={(e) => setOwn(!e.target.checked)} />}
        label={`Use the studio’s opening hours (${summarizeHours(studio.openingHours)})`}
      />
      {own && <OperatingHoursEditor value={hours} onChange={setHours} />}
      <Button variant="outlined" disabled={save.isPending} onClick={submit} sx={{ alignSelf: 'flex-start' }}>
        Save Hours at {studio.shopName}
      </Button>
    </Stack>
  );
}
