import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ServiceKind } from '../../../server/domains/booking/rules';
import { isBookedDirectly } from '../../../server/domains/booking/rules';
import { serviceSummary } from './service-text';

export type BookableService = {
  id: string;
  kind: ServiceKind;
  name: string;
  durationMinutes: number;
  price: number | null;
  flashImageUrl: string | null;
};

/**
 * What the client asks for: a custom tattoo the artist quotes (''), or one of the artist's
 * services — a consultation or priced flash is booked directly, a tattoo session is quoted.
 */
export function ServicePicker(props: { services: BookableService[]; value: string; onChange(service: BookableService | null): void }) {
  if (props.services.length === 0) return null;
  const picked = props.services.find((s) => s.id === props.value);
  return (
    <FormControl>
      <FormLabel id="service-label">What would you like to book?</FormLabel>
      <RadioGroup
        aria-labelledby="service-label"
        value={props.value}
        onChange={(e) => props.onChange(props.services.find((s) => s.id === e.target.value) ?? null)}
      >
        <FormControlLabel value="" control={<Radio />} label="A custom tattoo: the artist sends a quote" />
        {props.services.map((s) => (
          <FormControlLabel
            key={s.id}
            value={s.id}
            control={<Radio />}
            label={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
                {s.flashImageUrl && (
                  <img src={s.flashImageUrl} alt={s.name} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} />
                )}
                <span>
                  {s.name}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {serviceSummary(s)}
                  </Typography>
                </span>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
      {picked && (
        <Typography variant="body2" color="text.secondary" role="status">
          {isBookedDirectly(picked)
            ? 'Booked directly at this price: you pick your time right after sending.'
            : 'The artist confirms the price with a quote before you pick a time.'}
        </Typography>
      )}
    </FormControl>
  );
}
