import Box from '@mui/material/Box';
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useMe } from '../features/auth/useAuth';
import { Footer } from './Footer';
import { ScrollTopButton, ScrollToTopOnNavigate } from './ScrollHelpers';
import { TopBar } from './TopBar';
import { useAfterPageLoad } from './useAfterPageLoad';

const LiveUpdates = lazy(() => import('../features/notifications/LiveUpdates').then((m) => ({ default: m.LiveUpdates })));

export function AppLayout() {
  // Live updates (a server-sent event stream, web push and the service worker) start once the first
  // page is up: the page's badges and lists are fetched by the page itself meanwhile. A visitor who
  // is not signed in has none, so their code is not even downloaded.
  const { me } = useMe();
  const liveUpdates = useAfterPageLoad() && Boolean(me);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <TopBar />
      {/* At least a screen tall, so the footer starts below the fold while a page loads and
          never jumps away when the content arrives (it was the landing page's whole CLS). */}
      <Box component="main" sx={{ flexGrow: 1, minHeight: '100vh' }}>
        <Outlet />
      </Box>
      <Footer />
      <ScrollToTopOnNavigate />
      <ScrollTopButton />
      {liveUpdates && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
    </Box>
  );
}
