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
import { trpc } from '../trpc';

const CreateStudioDialog = lazy(() => import('../features/studios/CreateStudioDialog').then((m) => ({ default: m.CreateStudioDialog })));
/** Spec 1 §9: the studios menu refreshes at most once per 30 seconds. */
export const STUDIOS_REFRESH_MS = 30_000;

export function useMyStudios() {
  return trpc.studio.mine.useQuery(undefined, { staleTime: 5 * 60_000 });
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
        {studios.data?.length === 0 && <MenuItem disabled>No studios found</MenuItem>}
        {studios.data?.map((studio) => {
          const handle = studio.urlSlug ?? studio.id;
          return (
            <MenuItem key={studio.id} onClick={() => go(`/studio/${handle}`)} sx={{ gap: 2 }}>
              <Box sx={{ flexGrow: 1 }}>{studio.name}</Box>
              {studio.canManage && (
                <IconButton
                  size="small"
                  aria-label={`Edit ${studio.name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    go(`/studio/${handle}/manage`);
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
