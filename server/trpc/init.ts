import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import type { SessionUser } from '../auth/sessions';
import { isConnectionLoss } from '../db/reconnect';
import type { AppDeps } from '../deps';
import { isFromAdminOrigin, type RequestSite } from '../http/origins';
import { AppError, type AppErrorCode, pgErrorCode } from '../lib/errors';
import type { AuthedCtx, ServiceCtx } from '../service-context';
import { PUBLIC_READ_LIMIT_MESSAGE } from '../http/public-read-limit';
import { transformer } from './transformer';

/** The per-request context: the deps, the session's user, and the cookie operations for auth. */
export type TrpcContext = {
  deps: AppDeps;
  user: SessionUser | null;
  sessionId: string | null;
  ip: string;
  userAgent: string | null;
  requestId: string;
  /** The request's Origin, Host and Sec-Fetch-Site; absent for in-process callers (CLI, tests). */
  site?: RequestSite;
  setSessionCookie(token: string, expiresAt: Date): void;
  clearSessionCookie(): void;
  /** The browser's known-device cookie and its setter (server/auth/known-devices.ts); absent off HTTP. */
  deviceToken?: string | null;
  setDeviceCookie?(token: string): void;
  /** A server render's context whose signed-out request already took its read token (decision 037). */
  publicReadCharged?: true;
};

const CODE_MAP: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  VALIDATION: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PRECONDITION_FAILED: 'PRECONDITION_FAILED',
  LIMIT_EXCEEDED: 'TOO_MANY_REQUESTS',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const UNAVAILABLE_MESSAGE = 'The service was briefly unavailable. Please try again.';

/**
 * A lost database connection whose statement could not be retried safely (db/reconnect.ts): the
 * server is fine and the next try will work, so 503, not the 500 of a fault.
 */
export const lostConnectionError = (cause: unknown) => new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE, cause });

const t = initTRPC.context<TrpcContext>().create({
  transformer,
  isDev: false,
  // Live-updates streams send a ping when quiet, so proxies and load balancers with an idle
  // timeout keep them open, and a client whose network went away is noticed by the failed write.
  sse: { ping: { enabled: true, intervalMs: 15_000 } },
  errorFormatter({ shape, error }) {
    const { stack: _stack, ...data } = shape.data;
    if (error.cause instanceof ZodError) {
      const issue = error.cause.issues[0];
      return { ...shape, message: issue?.message ?? 'Invalid input', data: { ...data, path: issue?.path.map(String) ?? [] } };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, message: INTERNAL_MESSAGE, data };
    if (error.code === 'BAD_REQUEST' && error.message.startsWith('[')) return { ...shape, message: 'Invalid input', data };
    // A plan would lift this refusal: the client detects it by `upgrade` (the plan's id), not by the message.
    const upgrade = error.cause instanceof AppError ? error.cause.upgrade : undefined;
    return { ...shape, data: { ...data, ...(upgrade && { upgrade }) } };
  },
});

/** Maps service errors to tRPC once (DESIGN rule 10); anything else becomes a generic 500. */
function mapServiceErrors<R extends { ok: true } | { ok: false; error: TRPCError }>(result: R): R {
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: CODE_MAP[cause.code], message: cause.message, cause });
  }
  // A value PostgreSQL cannot store or compute with (a NUL character, a number out of range) is
  // bad input, not a server fault (SQLSTATE class 22, data exception); the transaction rolled back.
  if (!result.ok && pgErrorCode(result.error.cause)?.startsWith('22')) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid input', cause: result.error.cause });
  }
  if (!result.ok && isConnectionLoss(result.error.cause)) throw lostConnectionError(result.error.cause);
  return result;
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** The service context of a request: what a procedure hands its service call as `ctx.service`. */
const serviceContext = <U extends SessionUser | null>(ctx: TrpcContext, user: U) => ({
  db: ctx.deps.db,
  user,
  deps: ctx.deps,
  sessionId: ctx.sessionId ?? undefined,
});

// The service context is built in the middleware that maps errors, not in one of its own: every
// tRPC middleware level copies the call's options twice, about 4% of the CPU of a cached read.
// A signed-out read over HTTP takes a token of its address's bucket (decision 037); the queries of
// a server render whose request already took one (server/http/page-render.ts) do not.
export const publicProcedure = t.procedure.use(async ({ ctx, type, next }) => {
  if (!ctx.user && type === 'query' && ctx.site && !ctx.publicReadCharged) {
    const wait = ctx.deps.publicReads.take(ctx.ip);
    if (wait > 0) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: PUBLIC_READ_LIMIT_MESSAGE });
  }
  return mapServiceErrors(await next({ ctx: { service: serviceContext(ctx, ctx.user) satisfies ServiceCtx } }));
});

// The sign-in check, the error mapping and the service context are one middleware, for the same
// reason. Only the narrowed user and the service context are passed on: tRPC merges them into the
// context itself.
export const authedProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
  return mapServiceErrors(await next({ ctx: { user: ctx.user, service: serviceContext(ctx, ctx.user) satisfies AuthedCtx } }));
});

export const ADMIN_HOST_MESSAGE = 'The admin console answers only on its own address.';

// The role and the origin in one middleware, so no admin procedure can be built without either:
// an AppAdmin's session used from the main site (an XSS there, a page that calls the API) is
// refused, and the admin console works only from the admin host (issue 18).
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.userTypes.includes('AppAdmin')) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message:
        'Access denied. This admin panel requires AppAdmin user type privileges. Regular Administrative and Owner users cannot access this area.',
    });
  }
  if (!isFromAdminOrigin(ctx.deps.config, ctx.site)) throw new TRPCError({ code: 'FORBIDDEN', message: ADMIN_HOST_MESSAGE });
  return next();
});
