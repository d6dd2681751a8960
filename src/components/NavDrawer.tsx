import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import { Suspense, useState } from 'react';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import { useNavigate } from '@tanstack/react-router';
import { isAppAdmin, useMe } from '../features/auth/useAuth';
import { LoadFailed } from './LoadFailed';
import { CreateStudioDialog, STUDIOS_LOAD_FAILED, useMyStudios } from './StudiosMenu';
import { ListItemButtonLink, studioPath } from './links';

type NavLink = { to: string; label: string };

/** The mobile side drawer with the same destinations as the top bar. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { me } = useMe();
  const studios = useMyStudios();
  const navigate = useNavigate();
  const links: NavLink[] = me
    ? [
        { to: '/', label: 'Home' },
        { to: '/artists', label: 'Artists' },
        { to: '/studios', label: 'Studios' },
        { to: '/inbox', label: 'Inbox' },
        { to: '/calendar', label: 'Calendar' },
        ...(isAppAdmin(me) ? [{ to: '/shop', label: 'Shop' }] : []),
        { to: '/account', label: 'Account' },
      ]
    : [
        { to: '/', label: 'Home' },
        { to: '/pricing', label: 'Pricing' },
        { to: '/blog', label: 'Blog' },
        { to: '/contact', label: 'Contact' },
        { to: '/login', label: 'Login' },
      ];
  return (
    <>
      <Drawer open={open} onClose={onClose}>
        {/* A tap on an entry closes the drawer; one in the Create New Studio dialog (a portal, outside this box) does not. */}
        <Box sx={{ width: 260 }} role="presentation" onClick={(e) => e.currentTarget.contains(e.target as Node) && onClose()}>
          <List component="nav" aria-label="Navigation" subheader={<ListSubheader>InkLink</ListSubheader>}>
            {links.map((link) => (
              <ListItemButtonLink key={link.to} to={link.to}>
                <ListItemText primary={link.label} />
              </ListItemButtonLink>
            ))}
          </List>
          {me && (
            <List aria-label="My studios" subheader={<ListSubheader>My Studios</ListSubheader>}>
              <AddStudioItem onDone={onClose} />
              {studios.isError && !studios.data && (
                // Retry keeps the drawer open (a click anywhere else in it closes it).
                <ListItem onClick={(e) => e.stopPropagation()}>
                  <LoadFailed message={STUDIOS_LOAD_FAILED} onRetry={() => studios.refetch()} retrying={studios.isFetching} />
                </ListItem>
              )}
              {studios.data?.length === 0 && (
                <ListItem>
                  <ListItemText primary="No studios found" />
                </ListItem>
              )}
              {studios.data?.map((studio) => (
                <ListItem
                  key={studio.id}
                  disablePadding
                  secondaryAction={
                    studio.canManage && (
                      <IconButton
                        edge="end"
                        aria-label={`Manage ${studio.name}`}
                        onClick={() => void navigate({ to: studioPath(studio, 'manage') })}
                      >
                        <EditIcon />
                      </IconButton>
                    )
                  }
                >
                  <ListItemButtonLink to={studioPath(studio)}>
                    <ListItemText primary={studio.name} />
                  </ListItemButtonLink>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Drawer>
    </>
  );
}

/**
 * The drawer's Add studio and the Create New Studio dialog it opens (loaded then). Its own state:
 * the tap renders this item and the dialog, not the drawer's other entries.
 */
function AddStudioItem({ onDone }: { onDone(): void }) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ListItemButton
        onClick={(e) => {
          // The drawer stays open under the dialog (closing it unmounts this component).
          e.stopPropagation();
          setCreating(true);
        }}
      >
        <ListItemIcon>
          <AddIcon />
        </ListItemIcon>
        <ListItemText primary="Add studio" />
      </ListItemButton>
      {creating && (
        <Suspense fallback={null}>
          <CreateStudioDialog
            open
            onClose={() => {
              setCreating(false);
              onDone();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
