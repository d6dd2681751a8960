import type { Sql } from 'postgres';

// A connection PostgreSQL dropped (a terminated backend, a restart, a reset socket) fails the
// statements in flight on it; postgres.js notices an idle one by itself and opens a new connection
// for the next statement. What is retried here, on a new connection, is only what cannot
// have written anything: a read-only statement outside a transaction, and a transaction whose body
// had not finished (PostgreSQL rolls back a transaction whose backend is gone). A write whose
// outcome is unknown (its autocommit statement or COMMIT was in flight) is not retried: the caller
// answers 503 (trpc/init.ts), never 500.

const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const LOST_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ETIMEDOUT']);

/** Whether an error (or its cause, through Drizzle's wrapping) says the database connection was lost. */
export function isConnectionLoss(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (LOST_SQLSTATES.has(code) || LOST_CODES.has(code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const READ = /^\s*(\(\s*)*(select|with)\b/i;
// Writes, row locks, and functions with effects beyond the statement (a NOTIFY, a sequence value).
const NOT_ONLY_READ = /\b(insert|update|delete|merge|for\s+share|for\s+key\s+share|pg_notify|nextval|setval|pg_advisory\w*)\b/i;

/** Whether a statement only reads, so running it twice is the same as running it once. */
export const isReadOnlyStatement = (text: string) => READ.test(text) && !NOT_ONLY_READ.test(text);

type Pending = PromiseLike<unknown> & { values(): PromiseLike<unknown> };

/**
 * Tries after a lost connection. When PostgreSQL terminates every backend at once, a statement
 * retried at once may land on another connection of the same wave before the pool has noticed it
 * is gone, so later retries wait a little.
 */
export const LOST_CONNECTION_RETRIES = 3;
/** 0, 25, 100 ms: a wave of terminations is over within milliseconds. */
const backoff = (retry: number) => new Promise((resolve) => setTimeout(resolve, 25 * retry * retry));

/** Runs `attempt`, and again (at most LOST_CONNECTION_RETRIES times) while it fails because the connection was lost. */
async function retried<T>(attempt: () => PromiseLike<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= LOST_CONNECTION_RETRIES || !isConnectionLoss(error)) throw error;
      await backoff(retry);
    }
  }
}

/**
 * A statement that is sent when awaited, like postgres.js's own (which are lazy), and sent again on
 * a new connection if its connection was lost. Drizzle awaits it or its `values()`.
 */
class RetriedRead implements PromiseLike<unknown> {
  constructor(private readonly make: () => Pending) {}
  values() {
    return retried(() => this.make().values());
  }
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, as postgres.js's queries are.
  then<A = unknown, B = never>(onFulfilled?: ((value: unknown) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return retried(() => this.make()).then(onFulfilled, onRejected);
  }
}

type Begin = (...args: unknown[]) => Promise<unknown>;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
/**
 * What a transaction body gives once postgres.js's `begin` has already failed because its
 * connection closed: nothing, ever. Settling would make postgres.js write ROLLBACK or COMMIT to the
 * closed socket, which throws outside any promise and ends the process (postgres.js 3.4.9; its PR
 * 1155). The abandoned body holds nothing but its own closure, which is collected.
 */
const abandoned = () => new Promise<never>(() => {});

/** A transaction run again when its connection was lost before its body finished. */
function beginRetried(begin: Begin): Begin {
  return async (...args) => {
    const body = args[args.length - 1] as (tx: unknown) => Promise<unknown>;
    const head = args.slice(0, -1);
    for (let retry = 0; ; retry++) {
      let bodyFinished = false;
      // Before the body returns, `begin` settles only by failing: its connection closed.
      let failedEarly = false;
      const run = begin(...head, async (tx: unknown) => {
        let result: unknown;
        try {
          result = await body(tx);
        } catch (error) {
          if (isConnectionLoss(error)) await nextTurn();
          if (failedEarly) return abandoned();
          throw error;
        }
        if (failedEarly) return abandoned();
        bodyFinished = true;
        return result;
      });
      run.catch(() => {
        if (!bodyFinished) failedEarly = true;
      });
      try {
        return await run;
      } catch (error) {
        // After the body, the COMMIT was in flight: whether it took effect is unknown.
        if (retry >= LOST_CONNECTION_RETRIES || bodyFinished || !isConnectionLoss(error)) throw error;
        await backoff(retry);
      }
    }
  };
}

/** The postgres.js client as Drizzle uses it, with the retries above; everything else is the client's own. */
export function withReconnectRetries(client: Sql): Sql {
  const begin = beginRetried(client.begin as unknown as Begin);
  const unsafe = (text: string, ...rest: unknown[]) => {
    const send = () => (client.unsafe as (...a: unknown[]) => Pending)(text, ...rest);
    return isReadOnlyStatement(text) ? new RetriedRead(send) : send();
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      return Reflect.get(target, property, receiver);
    },
  });
}
