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

/**
 * The style of a form that wraps a dialog's content and actions: a column that lets the content
 * scroll, so Cancel and Save stay in view (a plain form made the whole dialog scroll, actions too).
 */
export const dialogFormStyle = { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' } as const;
