import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../../server/lib/money';

/**
 * A payout account's balance as a labelled description list (decision 038): available (can be
 * paid out now), pending (sales not yet released by the card network) and paid out. Two columns
 * on a phone, one line from 600 px.
 */
export function BalanceFigures({ balance }: { balance: { available: number; pending: number; paidOut: number } }) {
  const figures = [
    ['Available', balance.available],
    ['Pending', balance.pending],
    ['Paid out', balance.paidOut],
  ] as const;
  return (
    <Box
      component="dl"
      aria-label="Payout balance"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, auto)' },
        justifyContent: 'start',
        columnGap: 4,
        rowGap: 1,
        m: 0,
      }}
    >
      {figures.map(([label, cents]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {formatCents(cents)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
