import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type TrpcUtils, trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';
import { useMe } from '../auth/useAuth';
import { uploadImage } from '../images/upload';
import { PaymentRequestCard } from '../payments/PaymentRequestCard';
import { RequestPaymentButton } from '../payments/RequestPaymentButton';
import { MESSAGES_POLL_MS } from './ThreadList';
import { useConversationScroll } from './useConversationScroll';

/** The widest a photo shows in a bubble (CSS px). */
const PHOTO_WIDTH = 260;
const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

/** A conversation and its newest messages, as the /messages/{threadId} route's loader loads them. */
export const conversationQueries = (utils: TrpcUtils, threadId: string) => ({
  thread: utils.thread.byId.queryOptions({ threadId }, { retry: false }),
  messages: utils.message.list.infiniteQueryOptions({ threadId }, { getNextPageParam: (p) => p.nextCursor }),
});

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
  const send = trpc.message.send.useMutation({
    onSuccess: () => Promise.all([utils.message.list.invalidate({ threadId }), utils.thread.list.invalidate()]),
  });
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const messages = [...pages.pages.flatMap((p) => p.items)].reverse();
  const newest = messages[messages.length - 1]?.id;
  const scroll = useConversationScroll();

  // Reading the conversation marks it read (and cancels its pending e-mails).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new message arrives
  useEffect(() => {
    if (!newest) return;
    markRead.mutate({ threadId });
  }, [newest, threadId]);

  const title = thread.shop?.name ?? thread.participants.map((p) => `${p.firstName} ${p.lastName}`.trim() || p.displayName).join(', ');

  const attach = async (files: FileList | null) => {
    if (!files?.length || !me) return;
    setUploadError(null);
    for (const file of Array.from(files)) {
      setUploading(0);
      try {
        const image = await uploadImage(file, { accountType: 'user', accountId: me.id, imageType: 'reference' }, setUploading);
        setPhotos((p) => [...p, image.url]);
      } catch (e) {
        setUploadError(e instanceof Error ? e.message : 'Upload failed');
      }
    }
    setUploading(null);
  };

  const submit = async () => {
    if (send.isPending || (!body.trim() && photos.length === 0)) return;
    const sent = await send.mutateAsync({ threadId, body, imageUrls: photos }).catch(() => null);
    if (sent) {
      setBody('');
      setPhotos([]);
      scroll.toEnd();
    }
  };
  // Enter sends, Shift+Enter starts a new line; an Enter that ends an IME composition only commits it.
  const sendOnEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    void submit();
  };

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
          {messages.length === 0 && <Typography color="text.secondary">Say hello — no messages yet.</Typography>}
          {messages.map((m) => {
            const mine = m.senderId === me?.id;
            return (
              <Box key={m.id} data-message-id={m.id} sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', mb: 1 }}>
                <Box
                  sx={{
                    maxWidth: { xs: '85%', sm: '75%' },
                    minWidth: 0,
                    overflowWrap: 'anywhere',
                    px: 1.5,
                    py: 1,
                    borderRadius: 2,
                    bgcolor: mine ? 'primary.main' : 'action.selected',
                    color: mine ? 'primary.contrastText' : 'text.primary',
                  }}
                >
                  {m.body && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.body}</Typography>}
                  {m.attachments
                    .filter((a) => a.type === 'image' && a.url)
                    .map((a) => (
                      // The stored size holds the photo's place before it loads; it never grows past its bubble.
                      <Box
                        key={a.url}
                        component="img"
                        src={a.url}
                        alt="Photo in message"
                        width={a.width}
                        height={a.height}
                        sx={{
                          display: 'block',
                          width: a.width ? Math.min(PHOTO_WIDTH, a.width) : 'auto',
                          maxWidth: a.width ? '100%' : `min(${PHOTO_WIDTH}px, 100%)`,
                          height: 'auto',
                          borderRadius: 1,
                          mt: 0.5,
                        }}
                      />
                    ))}
                  {m.attachments.flatMap((a) =>
                    a.type === 'payment_request' && a.paymentRequestId
                      ? [<PaymentRequestCard key={a.paymentRequestId} paymentRequestId={a.paymentRequestId} />]
                      : [],
                  )}
                  <Typography variant="caption" sx={{ opacity: 0.8 }}>
                    {time.format(m.createdAt)}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </div>
      </Paper>
      {(send.error || uploadError) && <Alert severity="error">{uploadError ?? errorText(send.error)}</Alert>}
      {photos.length > 0 && (
        <Stack direction="row" spacing={1}>
          {photos.map((url) => (
            <Box
              key={url}
              component="img"
              src={url}
              alt="Photo to send"
              sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
            />
          ))}
        </Stack>
      )}
      {uploading !== null && <LinearProgress variant="determinate" value={uploading * 100} aria-label="Photo upload progress" />}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-end' }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp,image/heic"
          multiple
          hidden
          onChange={(e) => void attach(e.target.files)}
          aria-label="Attach photos"
        />
        <IconButton aria-label="Attach a photo" onClick={() => fileInput.current?.click()} disabled={uploading !== null}>
          <AttachFileIcon />
        </IconButton>
        {thread.participants.length === 1 && <RequestPaymentButton threadId={threadId} payee={thread.participants[0]} />}
        <TextField
          label="Message"
          multiline
          maxRows={6}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={sendOnEnter}
          fullWidth
        />
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={send.isPending || (!body.trim() && photos.length === 0)}>
          Send
        </Button>
      </Stack>
    </Stack>
  );
}
