import Box from '@mui/material/Box';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { studioToggles } from '../../../server/domains/studios/inputs';
import { FormSwitch } from '../../components/forms/FormSwitch';

type Toggle = keyof typeof studioToggles;

/** What a studio is looking for (resident and guest artists) and shows, in the order both studio forms list them. */
const TOGGLES: ReadonlyArray<[Toggle, string]> = [
  ['lookingForResident', 'Accepting Resident Artists'],
  ['lookingForGuest', 'Accepting Guest Artists'],
  ['isBookable', 'Accept Booking Requests'],
  ['useArtistsPortfolios', "Show Artists' Portfolios"],
  ['useArtistsFlashes', "Show Artists' Flashes"],
];

/** The studio's switches, in the Create New Studio dialog and on the manage page alike. */
export function StudioToggles<T extends FieldValues & Partial<Record<Toggle, boolean>>, Out>({
  control,
}: {
  control: Control<T, unknown, Out>;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {TOGGLES.map(([name, label]) => (
        <FormSwitch key={name} control={control} name={name as FieldPath<T>} label={label} />
      ))}
    </Box>
  );
}
