import type pino from 'pino';
import type { Db } from '../db/client';
import { notifyEach } from '../db/sql';

/**
 * Change announcements (NOTIFY) sent once a write has committed, coalesced.
 *
 * PostgreSQL serializes the commits of every transaction that sent a NOTIFY: a cluster-wide lock
 * is taken before the commit and held through its WAL flush. A checkout's statements each notified
 * (the products' change feed, the sellers' live notification), and at ~400 orders/s most of their
 * backends were found waiting on that lock (pg_stat_activity: Lock/object) instead of working. A hot
 * writer that commits on its own hands its announcements here instead: they leave in one statement
 * right after, and what is announced while that statement runs leaves together in the next one
 * (identical payloads once), so under load the cluster sees a few notifying transactions a second
 * that hold no row locks, and an idle server sends at once.
 *
 * Delivery is after the commit, not with it: a process that dies in between leaves other nodes'
 * caches to their time-to-live and open pages to their next fetch. Writers inside a transaction
 * announce in it instead (announceChange), where that guarantee is cheap to keep.
 */
export type Announcer = {
  announce(channel: string, payload: string): void;
  /** Resolves once everything announced so far has been sent (shutdown, tests). */
  flush(): Promise<void>;
};

export function createAnnouncer(db: Db, logger: Pick<pino.Logger, 'warn'>): Announcer {
  let pending = new Map<string, Set<string>>();
  let sending: Promise<void> | null = null;

  const sendAll = async () => {
    while (pending.size > 0) {
      const batch = pending;
      pending = new Map();
      const notices = [...batch].flatMap(([channel, payloads]) => [...payloads].map((payload) => [channel, payload] as const));
      try {
        await notifyEach(db, notices);
      } catch (error) {
        // The writes themselves committed; a lost announcement costs a cache its time-to-live.
        logger.warn({ err: error, notices: notices.length }, 'change announcements not sent');
      }
    }
    sending = null;
  };

  return {
    announce(channel, payload) {
      const payloads = pending.get(channel) ?? new Set<string>();
      payloads.add(payload);
      pending.set(channel, payloads);
      sending ??= Promise.resolve().then(sendAll);
    },
    async flush() {
      await sending;
    },
  };
}

/** What announceChange needs of a service context (lib/ knows no service context). */
type AnnouncingCtx = { db: Db; inTransaction?: true; deps: { announcer: Announcer } };

/**
 * Announces a change the caller has written: inside a transaction, in it (PostgreSQL delivers the
 * NOTIFY with the commit, never for a rollback); otherwise the write has committed already, and the
 * announcement goes through the coalescing announcer.
 */
export async function announceChange(ctx: AnnouncingCtx, channel: string, payload: string) {
  if (ctx.inTransaction) await notifyEach(ctx.db, [[channel, payload]]);
  else ctx.deps.announcer.announce(channel, payload);
}
