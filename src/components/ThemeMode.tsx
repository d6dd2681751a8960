import CssBaseline from '@mui/material/CssBaseline';
import { type PaletteMode, ThemeProvider } from '@mui/material/styles';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { buildTheme, storedThemeMode, THEME_STORAGE_KEY } from '../theme';

const ThemeModeContext = createContext<{ mode: PaletteMode; toggle(): void }>({ mode: 'dark', toggle: () => {} });

/** The chosen palette, read synchronously before first paint and persisted on change. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<PaletteMode>(storedThemeMode);
  const theme = useMemo(() => buildTheme(mode), [mode]);
  const value = useMemo(
    () => ({
      mode,
      toggle() {
        const next = mode === 'dark' ? 'light' : 'dark';
        localStorage.setItem(THEME_STORAGE_KEY, next);
        setMode(next);
      },
    }),
    [mode],
  );
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export const useThemeMode = () => useContext(ThemeModeContext);
