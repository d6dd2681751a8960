import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { trpc } from '../../trpc';
import { REQUEST_STATUS_TEXT } from '../booking/status';

type Role = 'client' | 'artist';
type Counts = Record<Role, { total: number; awaiting: number }>;

/**
 * The tab /calendar opens on: the one holding something to act on (received requests awaiting my
 * answer first, then sent ones awaiting mine), else the one holding any request (received first).
 */
export function firstRequestTab(counts: Counts): Role {
  if (counts.artist.awaiting > 0) return 'artist';
  if (counts.client.awaiting > 0) return 'client';
  if (counts.artist.total > 0 && counts.client.total === 0) return 'artist';
  return 'client';
}

const AWAITING_TEXT: Record<Role, (n: number) => string> = {
  artist: (n) => `${n} awaiting your answer`,
  client: (n) => `${n} awaiting your reply`,
};

/** A tab's name: "Received (1)", and what waits on me ("Received (1), 1 awaiting your answer"). */
function tabName(name: string, side: Role, counts: Counts) {
  const { total, awaiting } = counts[side];
  return `${name} (${total})${awaiting > 0 ? `, ${AWAITING_TEXT[side](awaiting)}` : ''}`;
}

/** What the tab shows: its name and count, and a chip with the number waiting on me (the tab's name says what it counts). */
function tabLabel(name: string, side: Role, counts: Counts) {
  const { total, awaiting } = counts[side];
  return (
    <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {name} ({total})
      {awaiting > 0 && <Chip size="small" color="primary" label={awaiting} component="span" sx={{ ml: 0.75, verticalAlign: 'middle' }} />}
    </Box>
  );
}

/** Booking requests I sent (as a client) or received (as an artist), newest first, with their status. */
export function RequestList(props: { selected?: string; onSelect: (requestId: string) => void }) {
  const [counts] = trpc.booking.requestCounts.useSuspenseQuery();
  const [role, setRole] = useState<Role>(() => firstRequestTab(counts));
  const requests = trpc.booking.requests.useQuery({ role });
  return (
    <section aria-label="Booking requests">
      <Typography variant="h6" component="h2">
        Booking requests
      </Typography>
      <Tabs value={role} onChange={(_, v) => setRole(v)} aria-label="Requests">
        <Tab value="client" label={tabLabel('Sent', 'client', counts)} aria-label={tabName('Sent', 'client', counts)} />
        <Tab value="artist" label={tabLabel('Received', 'artist', counts)} aria-label={tabName('Received', 'artist', counts)} />
      </Tabs>
      {requests.data?.items.length === 0 && <Typography sx={{ mt: 1 }}>No requests yet</Typography>}
      <List dense>
        {requests.data?.items.map((r) => (
          <ListItem key={r.id} disablePadding>
            <ListItemButton selected={r.id === props.selected} onClick={() => props.onSelect(r.id)}>
              <ListItemText
                primary={`${role === 'client' ? r.artistName : r.clientName}: ${r.idea.slice(0, 60)}`}
                // The artist reads a pending request as theirs to answer, not as one waiting on someone else.
                secondary={role === 'artist' && r.status === 'pending' ? 'Awaiting your answer' : REQUEST_STATUS_TEXT[r.status]}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </section>
  );
}
