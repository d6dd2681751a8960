import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

export const SCROLL_TOP_THRESHOLD = 300;

/** Returns to the top on every route change. */
export function ScrollToTopOnNavigate() {
  const pathname = useLocation({ select: (l) => l.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => {
    // A block body: newer browsers (Chromium 156) return a promise from scrollTo, and a returned
    // promise would become the effect's clean-up and crash the app when the path changes.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** A button that appears after scrolling past 300px. */
export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="small"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', bottom: 24, right: 24 }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
