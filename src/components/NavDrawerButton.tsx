import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';

// The drawer (and its modal machinery) loads only when someone opens it.
const NavDrawer = lazy(() => import('./NavDrawer').then((m) => ({ default: m.NavDrawer })));

/**
 * The top bar's menu icon (phones) and the drawer it opens. Whether the drawer is open is this
 * component's own state: opening it renders the button and the drawer, not the whole top bar.
 */
export function NavDrawerButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton edge="start" aria-label="Open navigation" onClick={() => setOpen(true)} sx={{ display: { md: 'none' } }}>
        <MenuIcon />
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <NavDrawer open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
