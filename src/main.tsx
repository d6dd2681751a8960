import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeModeProvider } from './components/ThemeMode';
import { router } from './router';
import { queryClient, trpc, trpcClient, trpcUtils } from './trpc';

async function mount(container: HTMLElement) {
  // The server sent the landing page prerendered, which it does only to requests without a session
  // cookie: nobody is signed in, and the route's code is loaded before the first render, so the app
  // replaces the prerendered HTML with the same page (never with a spinner in between).
  if (container.dataset.prerendered === 'landing') {
    trpcUtils.auth.me.setData(undefined, null);
    await router.load();
  }
  // A transition renders in slices that yield to the browser, instead of one long task that
  // blocks input while the whole first page renders (most of the main thread's work on a phone).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <ThemeModeProvider>
              <RouterProvider router={router} />
            </ThemeModeProvider>
          </QueryClientProvider>
        </trpc.Provider>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
void mount(container);
