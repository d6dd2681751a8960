import { trpc } from '../../trpc';
import { useMe } from '../auth/useAuth';
import { PushBridge } from './push/PushBridge';

/**
 * Listens to the user's live events (server-sent events) and refreshes what they change: badges,
 * the inbox, conversation lists and the open conversation. Polling stays as the fallback. Also
 * keeps this browser's web push registration and listens to the service worker.
 */
export function LiveUpdates() {
  const { me } = useMe();
  const utils = trpc.useUtils();
  trpc.live.onEvent.useSubscription(undefined, {
    enabled: Boolean(me),
    onData(event) {
      if (event.topic === 'notification') {
        void utils.notification.unseenCounts.invalidate();
        void utils.notification.list.invalidate();
      }
      if (event.topic === 'message') {
        void utils.thread.list.invalidate();
        const threadId = typeof event.payload.threadId === 'string' ? event.payload.threadId : undefined;
        void (threadId ? utils.message.list.invalidate({ threadId }) : utils.message.list.invalidate());
        // A payment request changed (paid, refunded, …): its card in the conversation reads it again.
        const paymentRequestId = typeof event.payload.paymentRequestId === 'string' ? event.payload.paymentRequestId : undefined;
        if (paymentRequestId) {
          void utils.paymentRequest.byId.invalidate({ paymentRequestId });
          void utils.paymentRequest.refunds.invalidate({ paymentRequestId });
        }
      }
    },
  });
  return me ? <PushBridge userId={me.id} /> : null;
}
