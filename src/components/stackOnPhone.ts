import type { Theme } from '@mui/material/styles';

/**
 * A table's sx that stacks each row on a phone: the header row is hidden and every cell shows its
 * column's name (its data-label) on the left, its value on the right, so no column sits off-screen
 * behind a sideways scroll. From 600 px up the table is an ordinary table.
 */
export const stackOnPhone = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': { display: 'none' },
    '& tbody tr': { display: 'block', borderBottom: `1px solid ${theme.palette.divider}`, py: 1 },
    '& tbody td': {
      display: 'flex',
      gap: 2,
      justifyContent: 'space-between',
      alignItems: 'center',
      border: 0,
      py: 0.5,
      px: 0,
      textAlign: 'right',
      overflowWrap: 'anywhere',
    },
    '& tbody td::before': { content: 'attr(data-label)', fontWeight: 600, textAlign: 'left', flexShrink: 0 },
  },
});
