import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { SESSION_COOKIE } from './cookies';
import type { SessionCache } from './session-cache';
import { type ValidSession, validateSessionToken } from './sessions';

/** Reads the session cookie once per request and caches the result on the request. */
export type RequestAuth = { resolve(req: FastifyRequest): Promise<ValidSession | null> };

const perRequest = new WeakMap<FastifyRequest, Promise<ValidSession | null>>();

/** Only reads may use the session cache: a write always validates its session in the database. */
const mayUseCache = (req: FastifyRequest) => req.method === 'GET' || req.method === 'HEAD';

export function createRequestAuth(deps: AppDeps, cache?: SessionCache): RequestAuth {
  return {
    resolve(req) {
      let pending = perRequest.get(req);
      if (!pending) {
        const token = req.cookies[SESSION_COOKIE];
        pending = token
          ? validateSessionToken(deps.db, token, deps.clock.now(), mayUseCache(req) ? cache : undefined)
          : Promise.resolve(null);
        perRequest.set(req, pending);
      }
      return pending;
    },
  };
}
