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

/** Booking requests I sent (as a client) or received (as an artist), newest first, with their status. */
export function RequestList(props: { selected?: string; onSelect: (requestId: string) => void }) {
  const [role, setRole] = useState<'client' | 'artist'>('client');
  const requests = trpc.booking.requests.useQuery({ role });
  return (
    <section aria-label="Booking requests">
      <Typography variant="h6" component="h2">
        Booking requests
      </Typography>
      <Tabs value={role} onChange={(_, v) => setRole(v)} aria-label="Requests">
        <Tab value="client" label="Sent" />
        <Tab value="artist" label="Received" />
      </Tabs>
      {requests.data?.items.length === 0 && <Typography sx={{ mt: 1 }}>No requests yet</Typography>}
      <List dense>
        {requests.data?.items.map((r) => (
          <ListItem key={r.id} disablePadding>
            <ListItemButton selected={r.id === props.selected} onClick={() => props.onSelect(r.id)}>
              <ListItemText
                primary={`${role === 'client' ? r.artistName : r.clientName}: ${r.idea.slice(0, 60)}`}
                secondary={REQUEST_STATUS_TEXT[r.status]}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </section>
  );
}
