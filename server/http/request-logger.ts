import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

// Fastify gives every request a child logger bound to its request id. Creating a pino child
// serializes its bindings at once: about 3% of the CPU of a cached read, for a logger that nearly
// every request (per-request lines are off unless LOG_LEVEL is debug) never writes to. This one is
// created in three assignments and becomes the real child on its first use, bindings and all.

/** A pino log method, called with whatever the caller passed (message, object, format arguments). */
type Log = (...args: unknown[]) => void;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Its methods live on the prototype: creating one makes no functions. */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  #log(level: Level, args: unknown[]) {
    (this.#real() as unknown as Record<Level, Log>)[level](...args);
  }

  get level() {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }

  error(...args: unknown[]) {
    this.#log('error', args);
  }

  warn(...args: unknown[]) {
    this.#log('warn', args);
  }

  info(...args: unknown[]) {
    this.#log('info', args);
  }

  debug(...args: unknown[]) {
    this.#log('debug', args);
  }

  trace(...args: unknown[]) {
    this.#log('trace', args);
  }

  silent(...args: unknown[]) {
    this.#log('silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made real only when something logs. */
export const requestLogger = (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
