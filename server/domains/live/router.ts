import type { LiveEvent } from '../../lib/events';
import { authedProcedure, router } from '../../trpc/init';

/**
 * One server-sent-events stream per signed-in tab: every event addressed to the user (new
 * notification, new message in one of their threads) is pushed as it is committed, on whichever
 * node the tab is connected to (PostgreSQL LISTEN/NOTIFY fans out across nodes).
 */
export const liveRouter = router({
  onEvent: authedProcedure.subscription(async function* ({ ctx, signal }) {
    const queue: LiveEvent[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = ctx.deps.events.subscribe(ctx.user.id, (event) => {
      queue.push(event);
      wake?.();
    });
    try {
      while (!signal?.aborted) {
        const next = queue.shift();
        if (next) {
          yield { topic: next.topic, payload: next.payload ?? {} };
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          signal?.addEventListener('abort', () => resolve(), { once: true });
        });
        wake = undefined;
      }
    } finally {
      unsubscribe();
    }
  }),
});
