import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import { LoadFailed } from './LoadFailed';
import { studioPath } from './links';
import { trpc } from '../trpc';

/** Loaded when first opened (the Studios menu's and the drawer's Add studio). */
export const CreateStudioDialog = lazy(() =>
  import('../features/studios/CreateStudioDialog').then((m) => ({ default: m.CreateStudioDialog })),
);
/** Spec 1 §9: the studios menu refreshes at most once per 30 seconds. */
export const STUDIOS_REFRESH_MS = 30_000;
/** Spec 1 §10 (Other): what the menu and the drawer say when the user's studios cannot be loaded. */
export const STUDIOS_LOAD_FAILED = 'Failed to fetch user studios';

export function useMyStudios() {
  return trpc.studio.mine.useQuery();
}

/** The Studios menu of the top bar: my studios (edit for managers), refresh, add, browse all. */
export function StudiosMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const studios = useMyStudios();
  const lastRefresh = useRef(0);
  const go = (to: string) => {
    setAnchor(null);
    void navigate({ to });
  };
  const refresh = () => {
    if (Date.now() - lastRefresh.current < STUDIOS_REFRESH_MS) return;
    lastRefresh.current = Date.now();
    void studios.refetch();
  };
  return (
    <>
      <Button color="inherit" endIcon={<ExpandMoreIcon />} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        Studios
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, gap: 1 }}>
          <Typography variant="overline" sx={{ flexGrow: 1 }}>
            My Studios
          </Typography>
          <IconButton size="small" aria-label="Refresh studios" onClick={refresh}>
            <RefreshIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label="Add studio"
            onClick={() => {
              setAnchor(null);
              setCreating(true);
            }}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </Box>
        {studios.isError && !studios.data && (
          <Box sx={{ px: 2, py: 1, maxWidth: 360 }}>
            <LoadFailed message={STUDIOS_LOAD_FAILED} onRetry={() => studios.refetch()} retrying={studios.isFetching} />
          </Box>
        )}
        {studios.data?.length === 0 && <MenuItem disabled>No studios found</MenuItem>}
        {studios.data?.map((studio) => {
          return (
            <MenuItem key={studio.id} onClick={() => go(studioPath(studio))} sx={{ gap: 2 }}>
              <Box sx={{ flexGrow: 1 }}>{studio.name}</Box>
              {studio.canManage && (
                <IconButton
                  size="small"
                  aria-label={`Edit ${studio.name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    go(studioPath(studio, 'manage'));
                  }}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              )}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={() => go('/studios')}>Browse All Studios</MenuItem>
      </Menu>
      {creating && (
        <Suspense fallback={null}>
          <CreateStudioDialog open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
