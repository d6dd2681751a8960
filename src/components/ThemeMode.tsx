import CssBaseline from '@mui/material/CssBaseline';
import { type PaletteMode, ThemeProvider } from '@mui/material/styles';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { buildTheme, rememberThemeMode, storedThemeMode } from '../theme';

const ThemeModeContext = createContext<{ mode: PaletteMode; toggle(): void }>({ mode: 'dark', toggle: () => {} });

/**
 * The chosen palette, read synchronously before first paint and persisted on change. The server's
 * render passes the mode of the request's theme cookie (it has no localStorage).
 */
export function ThemeModeProvider({ children, serverMode }: { children: ReactNode; serverMode?: PaletteMode }) {
  const [mode, setMode] = useState<PaletteMode>(() => serverMode ?? storedThemeMode());
  const theme = useMemo(() => buildTheme(mode), [mode]);
  const value = useMemo(
    () => ({
      mode,
      toggle() {
        const next = mode === 'dark' ? 'light' : 'dark';
        rememberThemeMode(next);
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
