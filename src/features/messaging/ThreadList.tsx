import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { inferRouterOutputs } from '@trpc/server';
import { memo } from 'react';
import type { AppRouter } from '../../../server/router';
import { InitialsAvatar } from '../../components/InitialsAvatar';
import { ListItemButtonLink } from '../../components/links';
import { trpc } from '../../trpc';

/** Live events refresh conversations at once; this slower poll is the fallback (spec 1 §9: 30 s). */
export const MESSAGES_POLL_MS = 30_000;

type Thread = inferRouterOutputs<AppRouter>['thread']['list']['items'][number];

export function ThreadList({ activeId }: { activeId?: string }) {
  const [threads] = trpc.thread.list.useSuspenseInfiniteQuery({}, { getNextPageParam: (p) => p.nextCursor, refetchInterval: MESSAGES_POLL_MS });
  const items = threads.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return <Typography color="text.secondary">No conversations yet. Use Message on an artist or studio page to start one.</Typography>;
  }
  return (
    <List component="nav" aria-label="Conversations" disablePadding>
      {items.map((t) => (
        <ThreadRow key={t.id} thread={t} active={t.id === activeId} />
      ))}
    </List>
  );
}

/**
 * One conversation in the list. Memoized: the list is fetched again whenever a conversation is read
 * or a message arrives, and React Query keeps the unchanged threads' objects, so only the rows that
 * changed render (opening a conversation used to render every row while the reader started typing).
 */
const ThreadRow = memo(function ThreadRow({ thread: t, active }: { thread: Thread; active: boolean }) {
  const title = t.shopName ?? t.participants.map((p) => `${p.firstName} ${p.lastName}`.trim() || p.displayName).join(', ') ?? 'Conversation';
  return (
    <ListItemButtonLink to="/messages/$threadId" params={{ threadId: t.id }} selected={active} divider>
      <ListItemAvatar>
        <Badge color="error" badgeContent={t.unread} max={99} slotProps={{ badge: { 'aria-label': `${t.unread} unread` } }}>
          <InitialsAvatar name={title || 'InkLink'} photoUrl={t.participants[0]?.photoUrl} />
        </Badge>
      </ListItemAvatar>
      <ListItemText
        primary={
          <Box component="span" sx={{ fontWeight: t.unread ? 700 : 400 }}>
            {title || 'Conversation'}
          </Box>
        }
        secondary={t.lastMessagePreview ?? 'No messages yet'}
        slotProps={{ secondary: { noWrap: true } }}
      />
    </ListItemButtonLink>
  );
});
