import { TRPCError } from '@trpc/server';
import type { AppDeps } from '../../server/deps';
import type { SessionUser } from '../../server/auth/sessions';
import type { RequestSite } from '../../server/http/origins';
import { adminProcedure, authedProcedure, createCallerFactory, type TrpcContext } from '../../server/trpc/init';
import { appRouter } from '../../server/router';

// The appRouter, enumerated: every procedure's path, type, input schema and whether it is built on
// authedProcedure / adminProcedure (found by the middleware it carries, not by its name).

type ProcedureDef = { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[]; middlewares: unknown[] };
const definitions = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
const middlewaresOf = (p: unknown) => (p as { _def: ProcedureDef })._def.middlewares;
const AUTHED_MIDDLEWARE = middlewaresOf(authedProcedure).at(-1);
const ADMIN_MIDDLEWARE = middlewaresOf(adminProcedure).at(-1);

export const procedureNames = () => Object.keys(definitions).sort();
export const procedureType = (path: string) => definitions[path]._def.type;
export const requiresSession = (path: string) => definitions[path]._def.middlewares.includes(AUTHED_MIDDLEWARE);
export const isAdminProcedure = (path: string) => definitions[path]._def.middlewares.includes(ADMIN_MIDDLEWARE);
/** The procedure's zod input (the last `.input()`; none for procedures without input). */
export const inputSchema = (path: string) => definitions[path]._def.inputs.at(-1) as { _zod?: { def: never } } | undefined;

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;

/** The site of a request the admin console sends (its Host and Origin). */
export const adminSite = (deps: AppDeps): RequestSite => ({ origin: deps.config.adminOrigin, host: new URL(deps.config.adminOrigin).host });

/** An in-process caller with the context a request of this user (or nobody) would get, from `site` when given. */
export function callerFor(deps: AppDeps, user: SessionUser | null, sessionId: string | null = null, ip = '198.51.100.7', site?: RequestSite): Caller {
  const ctx: TrpcContext = {
    deps,
    user,
    sessionId,
    ip,
    userAgent: 'security-suite',
    requestId: 'security-suite',
    site,
    setSessionCookie: () => {},
    clearSessionCookie: () => {},
  };
  return createCaller(ctx);
}

/** Calls `path` on a caller; a subscription's stream is opened and closed at once. */
export async function invoke(caller: Caller, path: string, input: unknown): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (i: unknown) => Promise<unknown>;
  const result = await fn(input);
  const iterator = (result as { [Symbol.asyncIterator]?: () => AsyncIterator<unknown> } | null)?.[Symbol.asyncIterator];
  if (typeof iterator === 'function') await iterator.call(result).return?.();
  return result;
}

/** The tRPC error code of an in-process call (subscriptions cannot be called over plain HTTP). */
export async function errorCode(caller: Caller, path: string, input: unknown): Promise<string | null> {
  try {
    await invoke(caller, path, input);
    return null;
  } catch (error) {
    return error instanceof TRPCError ? error.code : `not a TRPCError: ${String(error)}`;
  }
}
