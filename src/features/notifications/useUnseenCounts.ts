import { trpc } from '../../trpc';

/** Spec 1 §9: notification counts refresh every 30 seconds (cached for a minute otherwise). */
export const COUNTS_REFRESH_MS = 30_000;

export function useUnseenCounts(enabled: boolean) {
  const counts = trpc.notification.unseenCounts.useQuery(undefined, { enabled, refetchInterval: COUNTS_REFRESH_MS });
  return counts.data ?? { inbox: 0, calendar: 0, total: 0 };
}
