import { randomUUID } from 'node:crypto';
import type pino from 'pino';
import type { Database } from '../db/client';

// The database announces changes on NOTIFY channels (statement-level triggers, so every writer is
// covered: services, the admin console, CLIs, psql, other server processes). A process keeps one
// feed per database: the caches subscribe to their channels through it, and a writer asks it to
// catch up so that its own change has reached every cache before its response leaves.

/** A catch-up marker sent on a subscribed channel; never a payload the triggers send (ids, '*', ''). */
const CATCH_UP_PREFIX = 'catch-up:';
/** How long a catch-up waits for its marker before it gives up and empties every cache instead. */
export const CATCH_UP_TIMEOUT_MS = 2_000;

export type FeedSubscriber = {
  channel: string;
  /** A change announced on the channel (its payload: the triggers' ids, or '' / '*' for "anything"). */
  onChange(payload: string): void;
  /** The feed cannot tell what changed (a lost catch-up marker): forget everything. */
  clear(): void;
};

export type ChangeFeed = {
  /** Listens for the subscriber's channel; resolves to its unsubscribe, or undefined when the database cannot listen. */
  subscribe(subscriber: FeedSubscriber): Promise<(() => Promise<void>) | undefined>;
  /**
   * Resolves once every change committed before the call has reached every subscriber. PostgreSQL
   * delivers a listening connection's notifications in commit order, whatever their channel (both
   * drivers listen on one connection), so a marker sent now arriving means every earlier notice has
   * arrived too. Never rejects: when the marker cannot be sent or is lost, every subscriber is cleared.
   */
  catchUp(): Promise<void>;
};

const feeds = new WeakMap<Database, ChangeFeed>();

/** The change feed of a database in this process (tests run several databases in one process). */
export function changeFeedOf(database: Database, logger: pino.Logger): ChangeFeed {
  let feed = feeds.get(database);
  if (!feed) {
    feed = createChangeFeed(database, logger);
    feeds.set(database, feed);
  }
  return feed;
}

function createChangeFeed(database: Database, logger: pino.Logger): ChangeFeed {
  const listening = new Set<FeedSubscriber>();
  // Other processes see this feed's markers on the shared channels too; the random part keeps them apart.
  const markerPrefix = `${CATCH_UP_PREFIX}${randomUUID()}.`;
  let markers = 0;
  const awaitedMarkers = new Map<string, () => void>();
  // Writers that finish while a marker is on its way wait for the next one, sent once it is back:
  // under load a few markers a second serve every write, and an idle server sends at once.
  let waiting: (() => void)[] = [];
  let sending = false;

  const clearAll = () => {
    for (const subscriber of listening) subscriber.clear();
  };

  /** Sends one marker and waits for it; true when it came back in time. */
  async function roundTrip(channel: string) {
    const marker = `${markerPrefix}${++markers}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      awaitedMarkers.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), CATCH_UP_TIMEOUT_MS);
    });
    try {
      // The timeout covers the send too: a database that does not answer must not hold the response.
      return await Promise.race([arrived, database.notify(channel, marker).then(() => arrived)]);
    } catch (error) {
      logger.warn({ err: error }, 'change feed: could not send a catch-up marker');
      return false;
    } finally {
      clearTimeout(timer);
      awaitedMarkers.delete(marker);
    }
  }

  async function sendMarkers() {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const channel = listening.values().next().value?.channel;
      // A lost marker (the feed reconnecting) must not leave stale answers or grants behind.
      if (channel !== undefined && !(await roundTrip(channel))) clearAll();
      for (const resolve of batch) resolve();
    }
    sending = false;
  }

  return {
    async subscribe(subscriber) {
      let unlisten: () => Promise<void>;
      try {
        unlisten = await database.listen(subscriber.channel, (payload) => {
          if (payload.startsWith(CATCH_UP_PREFIX)) awaitedMarkers.get(payload)?.();
          else subscriber.onChange(payload);
        });
      } catch (error) {
        logger.warn({ err: error, channel: subscriber.channel }, 'cache disabled: could not listen for changes');
        return undefined;
      }
      listening.add(subscriber);
      return async () => {
        listening.delete(subscriber);
        await unlisten();
      };
    },
    catchUp() {
      // Nothing is cached without a subscriber listening.
      if (listening.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (!sending) {
          sending = true;
          void sendMarkers();
        }
      });
    },
  };
}
