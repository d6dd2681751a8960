import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

/** The flags of a row as chips: only those that are on, in the order given. */
export function Flags({ flags }: { flags: Array<[string, boolean | null | undefined, ('success' | 'warning' | 'error' | 'info' | 'default')?]> }) {
  const on = flags.filter(([, value]) => value);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {on.length === 0 && '—'}
      {on.map(([label, , color]) => (
        <Chip key={label} label={label} size="small" color={color ?? 'default'} variant="outlined" />
      ))}
    </Stack>
  );
}
