import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { trpc } from '../../trpc';
import { useMe } from '../auth/useAuth';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';
import { MESSAGES_POLL_MS } from './ThreadList';
import { useConversationScroll } from './useConversationScroll';

/** What the conversation's place shows when its route's loader could not load it. */
export function ConversationNotFound() {
  return <Alert severity="error">Conversation not found</Alert>;
}

export function Conversation({ threadId }: { threadId: string }) {
  const { me } = useMe();
  const utils = trpc.useUtils();
  const [thread] = trpc.thread.byId.useSuspenseQuery({ threadId }, { retry: false });
  const [pages, list] = trpc.message.list.useSuspenseInfiniteQuery(
    { threadId },
    { getNextPageParam: (p) => p.nextCursor, refetchInterval: MESSAGES_POLL_MS },
  );
  const markRead = trpc.thread.markRead.useMutation({
    onSuccess: () => Promise.all([utils.thread.list.invalidate(), utils.notification.unseenCounts.invalidate()]),
  });
  // The same array while the pages are the same, so the memoized list is not rendered again.
  const messages = useMemo(() => pages.pages.flatMap((p) => p.items).reverse(), [pages]);
  const newest = messages[messages.length - 1]?.id;
  const scroll = useConversationScroll();

  // Reading the conversation marks it read (and cancels its pending e-mails).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new message arrives
  useEffect(() => {
    if (!newest) return;
    markRead.mutate({ threadId });
  }, [newest, threadId]);

  const title = thread.shop?.name ?? thread.participants.map((p) => `${p.firstName} ${p.lastName}`.trim() || p.displayName).join(', ');

  return (
    <Stack sx={{ height: '100%' }} spacing={2}>
      <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
        {title}
      </Typography>
      <Paper
        variant="outlined"
        ref={scroll.scroller}
        sx={{ p: 2, flexGrow: 1, overflowY: 'auto', overflowAnchor: 'none', maxHeight: '60vh', minHeight: 300 }}
        aria-live="polite"
        aria-label="Messages"
      >
        <div ref={scroll.content}>
          {list.hasNextPage && (
            <Button
              size="small"
              disabled={list.isFetchingNextPage}
              onClick={() => {
                scroll.holdPlace();
                void list.fetchNextPage();
              }}
            >
              Load earlier messages
            </Button>
          )}
          <MessageList messages={messages} meId={me?.id} />
        </div>
      </Paper>
      <MessageComposer
        threadId={threadId}
        payee={thread.participants.length === 1 ? thread.participants[0] : undefined}
        onSent={scroll.toEnd}
      />
    </Stack>
  );
}
