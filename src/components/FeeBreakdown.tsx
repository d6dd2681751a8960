import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** An amount ("$1,234.56", "−$0.60") never breaks; a party's name ("Paid by …") may. */
const AMOUNT = /^[−-]?\$/;

/** One line: what it is, and an amount or who bears it ("Paid by InkLink"); `total` lines stand out. */
export type BreakdownRow = { label: string; value: string; total?: boolean };

/**
 * Who pays what before money moves: a labelled description list (label and value are read
 * together by screen readers). The label wraps and an amount keeps its line, so on a narrow
 * phone a long label never runs over an amount; a party's name ("Paid by Sable Ink Supply") takes
 * at most half the width, so it wraps rather than squeezing the label into a narrow column.
 */
export function FeeBreakdown({ label, rows }: { label: string; rows: readonly BreakdownRow[] }) {
  return (
    <Box component="section" aria-label={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) fit-content(50%)', rowGap: 0.75 }}>
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              variant="body2"
              sx={{ overflowWrap: 'anywhere', ...(row.total && { fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 0.75 }) }}
            >
              {row.label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{
                m: 0,
                pl: 2,
                textAlign: 'right',
                maxWidth: '14rem',
                whiteSpace: AMOUNT.test(row.value) ? 'nowrap' : 'normal',
                ...(row.total && { fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 0.75 }),
              }}
            >
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
