import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { forgetOnSignOut } from '../features/auth/forgetOnSignOut';
import type { Me } from '../features/auth/useAuth';
import { trpc } from '../trpc';
import { mainSiteOrigin } from './location';

/** Header (spec 2 §2): Admin Dashboard, the Admin Mode chip, Go to Main Site, and the user menu with Logout. */
export function AdminHeader({ me }: { me: Me }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation();

  const signOut = async () => {
    setAnchor(null);
    await logout.mutateAsync().catch(() => {});
    forgetOnSignOut(queryClient);
    // After logout the user goes to /.
    window.history.pushState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  };

  return (
    <AppBar position="static" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ fontSize: '1.3rem', fontWeight: 700 }}>
          Admin Dashboard
        </Typography>
        <Chip label="Admin Mode" color="warning" size="small" />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" href={mainSiteOrigin()}>
          Go to Main Site
        </Button>
        <Button
          aria-haspopup="menu"
          aria-controls={anchor ? 'admin-user-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {me.displayName}
        </Button>
        <Menu id="admin-user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          <MenuItem disabled>{me.email}</MenuItem>
          <MenuItem onClick={() => void signOut()}>Logout</MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
