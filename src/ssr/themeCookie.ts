import type { PaletteMode } from '@mui/material/styles';

// The cookie copy of the chosen palette (src/theme.ts writes it), so the server renders a page in
// the visitor's theme and the app can hydrate it. localStorage stays the choice's truth: the app
// copies a light choice to the cookie when it starts (a visitor who chose before the cookie existed
// gets the app's own render over the dark HTML once, then the right HTML from the next page on).

export const THEME_COOKIE = 'theme-mode';

/** The palette a server render uses for a request's theme cookie: dark unless light was chosen. */
export const themeOfCookie = (value: string | undefined): PaletteMode => (value === 'light' ? 'light' : 'dark');
