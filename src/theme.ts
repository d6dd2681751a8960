import { createTheme, type PaletteMode } from '@mui/material/styles';
import { EARLY_SHRINK_ATTRIBUTE } from './ssr/earlyInput';

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
      MuiFormControl: {
        styleOverrides: {
          // MUI lifts a field's label out of the way of the text from React's state: on a page sent
          // as HTML, until the app runs, the boot script marks the form control of a focused or
          // filled field and these rules lift its label and open the outline's notch instead.
          root: {
            [`&[${EARLY_SHRINK_ATTRIBUTE}] > .MuiInputLabel-outlined[data-shrink="false"]`]: {
              maxWidth: 'calc(133% - 32px)',
              transform: 'translate(14px, -9px) scale(0.75)',
            },
            [`&[${EARLY_SHRINK_ATTRIBUTE}] .MuiOutlinedInput-notchedOutline > legend`]: { maxWidth: '100%' },
          },
        },
      },
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
