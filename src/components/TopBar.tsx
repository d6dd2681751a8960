import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import InboxIcon from '@mui/icons-material/Inbox';
import LightModeIcon from '@mui/icons-material/LightMode';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { authSearch } from '../features/auth/authSearch';
import { useMe } from '../features/auth/useAuth';
import { useUnseenCounts } from '../features/notifications/useUnseenCounts';
import { ButtonLink, IconButtonLink, TextLink } from './links';
import { CountBadge } from './CountBadge';
import { NavDrawerButton } from './NavDrawerButton';
import { useThemeMode } from './ThemeMode';

// Signed-in menus are loaded only for signed-in users.
const StudiosMenu = lazy(() => import('./StudiosMenu').then((m) => ({ default: m.StudiosMenu })));
const AccountMenu = lazy(() => import('./AccountMenu'));

const AUTH_BUTTON = { flexShrink: 0, minWidth: 0, px: { xs: 1, sm: 2 } } as const;

/** Pages the top bar's Login and Register do not come back to. */
const AUTH_PAGES = ['/', '/login', '/register', '/forgot-password'];

export function TopBar() {
  const { me } = useMe();
  const counts = useUnseenCounts(Boolean(me));
  const { mode, toggle } = useThemeMode();
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  // Signing in or registering from a page (a public profile, decision 034) comes back to it.
  const href = useLocation({ select: (location) => location.href });
  const back = authSearch(AUTH_PAGES.some((path) => href === path || href.startsWith(`${path}?`)) ? undefined : href);

  return (
    <AppBar
      position="sticky"
      color="default"
      elevation={0}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <NavDrawerButton />
        <TextLink
          to="/"
          variant="h6"
          sx={{
            fontWeight: 800,
            color: 'inherit',
            textDecoration: 'none',
            mr: 2,
          }}
        >
          InkLink
        </TextLink>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, flexGrow: 1 }}>
          {me ? (
            <>
              <ButtonLink to="/artists" color="inherit">
                Artists
              </ButtonLink>
              <Suspense
                fallback={
                  <Button color="inherit" disabled>
                    Studios
                  </Button>
                }
              >
                <StudiosMenu />
              </Suspense>
            </>
          ) : (
            <>
              <ButtonLink to="/pricing" color="inherit">
                Pricing
              </ButtonLink>
              <ButtonLink to="/blog" color="inherit">
                Blog
              </ButtonLink>
              <ButtonLink to="/contact" color="inherit">
                Contact
              </ButtonLink>
            </>
          )}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
        {me && (
          <>
            <IconButtonLink to="/inbox" aria-label={counts.inbox ? `Inbox, ${counts.inbox} unseen` : 'Inbox'}>
              <CountBadge count={counts.inbox}>
                <InboxIcon />
              </CountBadge>
            </IconButtonLink>
            <IconButtonLink to="/calendar" aria-label={counts.calendar ? `Calendar, ${counts.calendar} unseen` : 'Calendar'}>
              <CountBadge count={counts.calendar}>
                <CalendarMonthIcon />
              </CountBadge>
            </IconButtonLink>
          </>
        )}
        <IconButton onClick={toggle} aria-label={mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}>
          {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
        {me ? (
          <>
            <IconButton aria-label="Account menu" aria-haspopup="menu" onClick={(e) => setAccountAnchor(e.currentTarget)}>
              <Avatar src={me.photoUrl ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                {(me.firstName || me.displayName.slice(1)).charAt(0).toUpperCase()}
              </Avatar>
            </IconButton>
            {accountAnchor && (
              <Suspense fallback={null}>
                <AccountMenu anchor={accountAnchor} onClose={() => setAccountAnchor(null)} />
              </Suspense>
            )}
          </>
        ) : (
          <>
            {/* Narrower on a phone: both fit beside the menu, the name and the theme toggle at 390 px. */}
            <ButtonLink to="/register" search={back} variant="outlined" sx={AUTH_BUTTON}>
              Register
            </ButtonLink>
            <ButtonLink to="/login" search={back} variant="contained" sx={AUTH_BUTTON}>
              Login
            </ButtonLink>
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
