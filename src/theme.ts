import { createTheme, type PaletteMode } from '@mui/material/styles';
import { THEME_COOKIE } from './ssr/themeCookie';

export const THEME_STORAGE_KEY = 'theme-mode';

/** Dark (default) with a blue accent; light with sage green. */
export function buildTheme(mode: PaletteMode) {
  const dark = mode === 'dark';
  return createTheme({
    palette: dark
      ? {
          mode,
          primary: { main: '#7aa2f7', contrastText: '#0b1020' },
          secondary: { main: '#9cc5a1' },
          background: { default: '#0f1420', paper: '#161d2d' },
          text: { primary: '#e6e9f2', secondary: '#aab3c5' },
        }
      : {
          mode,
          primary: { main: '#3d6b4a', contrastText: '#ffffff' },
          secondary: { main: '#1f4e8c' },
          background: { default: '#f5f7f2', paper: '#ffffff' },
          text: { primary: '#1c241e', secondary: '#4a5a4f' },
        },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2.6rem', fontWeight: 700 },
      h2: { fontSize: '2rem', fontWeight: 700 },
      h3: { fontSize: '1.5rem', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}

export function storedThemeMode(): PaletteMode {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

const YEAR_SECONDS = 365 * 24 * 3600;

/** Keeps the chosen palette in localStorage and its cookie copy (read by the server's render). */
export function rememberThemeMode(mode: PaletteMode) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Storage can be unavailable (private mode): the choice then lasts for this page only.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser the app supports.
  document.cookie = `${THEME_COOKIE}=${mode}; Path=/; SameSite=Lax; Max-Age=${YEAR_SECONDS}`;
}
