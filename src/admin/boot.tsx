import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeModeProvider } from '../components/ThemeMode';
import { queryClient, trpc, trpcClient } from '../trpc';
import { QueryClientProvider } from '@tanstack/react-query';
import { AdminApp } from './AdminApp';
import { exposeMigrationFunctions } from './migrations/windowApi';

// The admin console's start, loaded by main.tsx.

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

// Spec 2 §2: on startup the migration functions are also exposed on the window for console use.
exposeMigrationFunctions(trpcClient);

createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ThemeModeProvider>
          <AdminApp />
        </ThemeModeProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
