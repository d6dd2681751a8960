import DoneAllIcon from '@mui/icons-material/DoneAll';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { ThreadList } from '../messaging/ThreadList';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What /inbox shows when its notifications cannot be loaded (its route's error). */
export function InboxError() {
  return (
    <Container maxWidth="md" sx={{ py: 5 }}>
      <Alert severity="error">Failed to fetch notifications</Alert>
    </Container>
  );
}

/** /inbox: notifications newest first; opening one marks it seen and follows its deep link. */
export function InboxPage() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [notifications, list] = trpc.notification.list.useSuspenseInfiniteQuery({}, { getNextPageParam: (p) => p.nextCursor });
  const refresh = () => Promise.all([utils.notification.list.invalidate(), utils.notification.unseenCounts.invalidate()]);
  const markSeen = trpc.notification.markSeen.useMutation({ onSuccess: refresh });
  const markAll = trpc.notification.markAllSeen.useMutation({ onSuccess: refresh });
  const items = notifications.pages.flatMap((p) => p.items);
  return (
    <Container maxWidth="md" sx={{ py: 5 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
        <Typography variant="h1" sx={{ fontSize: '2rem' }}>
          Inbox
        </Typography>
        <Button startIcon={<DoneAllIcon />} onClick={() => markAll.mutate()} disabled={!items.some((n) => !n.seen) || markAll.isPending}>
          Mark all as seen
        </Button>
      </Stack>
      {(markSeen.error || markAll.error) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {markAll.error ? 'Failed to mark all as seen' : 'Failed to mark as seen'}
        </Alert>
      )}
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        Notifications
      </Typography>
      {items.length === 0 && <Typography color="text.secondary">You're all caught up.</Typography>}
      {items.length > 0 && (
        <Card variant="outlined">
          <List disablePadding aria-label="Notifications">
            {items.map((n) => (
              <ListItemButton
                key={n.id}
                divider
                onClick={async () => {
                  if (!n.seen) await markSeen.mutateAsync({ id: n.id }).catch(() => {});
                  if (n.link) await navigate({ to: n.link });
                }}
                sx={{ alignItems: 'flex-start', bgcolor: n.seen ? undefined : 'action.hover' }}
              >
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      <Box component="span" sx={{ fontWeight: n.seen ? 400 : 700 }}>
                        {n.title}
                      </Box>
                      {!n.seen && <Chip size="small" color="primary" label="New" />}
                    </Box>
                  }
                  secondary={`${n.body} · ${when.format(n.createdAt)}`}
                />
              </ListItemButton>
            ))}
          </List>
        </Card>
      )}
      {list.hasNextPage && (
        <Button onClick={() => list.fetchNextPage()} sx={{ mt: 2 }}>
          Show older
        </Button>
      )}
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mt: 4, mb: 1 }}>
        Messages
      </Typography>
      <Card variant="outlined">
        <ThreadList />
      </Card>
    </Container>
  );
}
