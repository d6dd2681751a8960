/**
 * An Alert's `sx` that puts its action below the text on a phone, lined up with the text (past
 * the icon), instead of squeezing the message into a narrow column beside it; from 600 px the
 * action sits at the right and keeps its label on one line.
 */
export const ACTION_BELOW_ON_PHONES = {
  flexWrap: { xs: 'wrap', sm: 'nowrap' },
  '& .MuiAlert-message': { flex: { xs: '1 1 0', sm: '0 1 auto' } },
  '& .MuiAlert-action': {
    width: { xs: '100%', sm: 'auto' },
    ml: { xs: 0, sm: 'auto' },
    pl: { xs: '34px', sm: 2 },
    pt: { xs: 0, sm: 0.5 },
    pb: { xs: 1, sm: 0 },
    flexShrink: 0,
    whiteSpace: 'nowrap',
  },
} as const;
