import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { inferRouterOutputs } from '@trpc/server';
import { memo } from 'react';
import type { AppRouter } from '../../../server/router';
import { PaymentRequestCard } from '../payments/PaymentRequestCard';

export type Message = inferRouterOutputs<AppRouter>['message']['list']['items'][number];

/** The widest a photo shows in a bubble (CSS px). */
const PHOTO_WIDTH = 260;
const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

/**
 * One message: its text, photos, payment requests and time. Memoized: a message's object keeps its
 * identity while the conversation's pages do not change it (React Query shares unchanged parts), so
 * a new message or an older page renders only the bubbles it adds.
 */
export const MessageBubble = memo(function MessageBubble({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <Box data-message-id={message.id} sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', mb: 1 }}>
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
        {message.body && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.body}</Typography>}
        {message.attachments
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
        {message.attachments.flatMap((a) =>
          a.type === 'payment_request' && a.paymentRequestId
            ? [<PaymentRequestCard key={a.paymentRequestId} paymentRequestId={a.paymentRequestId} />]
            : [],
        )}
        <Typography variant="caption" sx={{ opacity: 0.8 }}>
          {time.format(message.createdAt)}
        </Typography>
      </Box>
    </Box>
  );
});
