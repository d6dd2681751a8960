import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { trpc } from '../../../trpc';
import { pushSupported } from './browserPush';
import { syncPushDevice } from './pushDevice';
import { usePushApi } from './usePushApi';

type WorkerMessage = { source?: string; type?: string; notificationId?: string | null; link?: string };

/**
 * For a signed-in user: keeps this browser's push registration true on every visit (register,
 * refresh, re-create per spec 1 §4), and acts on the service worker's messages: a delivered or
 * dismissed push refreshes the badges, a clicked one is marked seen, navigate opens its deep link.
 */
export function PushBridge({ userId }: { userId: string }) {
  const api = usePushApi();
  const apiRef = useRef(api);
  apiRef.current = api;
  const utils = trpc.useUtils();
  const markSeen = trpc.notification.markSeen.useMutation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!userId) return;
    syncPushDevice(apiRef.current).catch((error: unknown) => console.warn('Failed to refresh token', error));
  }, [userId]);

  useEffect(() => {
    if (!pushSupported()) return;
    const refresh = () => Promise.all([utils.notification.unseenCounts.invalidate(), utils.notification.list.invalidate()]);
    const onMessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message?.source !== 'inklink-sw') return;
      if (message.type === 'delivered' || message.type === 'dismissed') void refresh();
      if (message.type === 'clicked' && message.notificationId) {
        markSeen.mutateAsync({ id: message.notificationId }).then(refresh, () => {});
      }
      if (message.type === 'navigate' && message.link?.startsWith('/') && !message.link.startsWith('//')) void navigate({ to: message.link });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    // Messages sent before the page listened (a window opened by a click) are queued until now.
    navigator.serviceWorker.startMessages();
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [utils, markSeen.mutateAsync, navigate]);

  return null;
}
