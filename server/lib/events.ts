import { EventEmitter } from 'node:events';
import type pino from 'pino';
import type { Database } from '../db/client';

// Live updates across processes: PostgreSQL NOTIFY carries a small JSON payload to every node,
// and each node fans it out in memory to its open subscriptions. PGlite is one process, and its
// LISTEN/NOTIFY works the same way.

export const EVENTS_CHANNEL = 'inklink_events';
const CHANNEL = EVENTS_CHANNEL;

export type LiveEvent = { topic: string; userIds: string[]; payload?: Record<string, unknown> };

export type EventBus = {
  publish(event: LiveEvent): Promise<void>;
  subscribe(userId: string, onEvent: (event: LiveEvent) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createEventBus(database: Database, logger: pino.Logger): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let unlisten: (() => Promise<void>) | undefined;

  const deliver = (raw: string) => {
    try {
      const event = JSON.parse(raw) as LiveEvent;
      for (const userId of event.userIds) local.emit(userId, event);
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed live event');
    }
  };

  return {
    async publish(event) {
      await database.notify(CHANNEL, JSON.stringify(event));
    },
    subscribe(userId, onEvent) {
      local.on(userId, onEvent);
      return () => local.off(userId, onEvent);
    },
    async start() {
      unlisten ??= await database.listen(CHANNEL, deliver);
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
