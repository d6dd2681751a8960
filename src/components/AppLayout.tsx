import Box from '@mui/material/Box';
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Footer } from './Footer';
import { ScrollTopButton, ScrollToTopOnNavigate } from './ScrollHelpers';
import { TopBar } from './TopBar';

const LiveUpdates = lazy(() => import('../features/notifications/LiveUpdates').then((m) => ({ default: m.LiveUpdates })));

export function AppLayout() {
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
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
    </Box>
  );
}
