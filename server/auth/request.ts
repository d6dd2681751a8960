import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { SESSION_COOKIE } from './cookies';
import { type ValidSession, validateSessionToken } from './sessions';

/** Reads the session cookie once per request and caches the result on the request. */
export type RequestAuth = { resolve(req: FastifyRequest): Promise<ValidSession | null> };

const cache = new WeakMap<FastifyRequest, Promise<ValidSession | null>>();

export function createRequestAuth(deps: AppDeps): RequestAuth {
  return {
    resolve(req) {
      let pending = cache.get(req);
      if (!pending) {
        const token = req.cookies[SESSION_COOKIE];
        pending = token ? validateSessionToken(deps.db, token, deps.clock.now()) : Promise.resolve(null);
        cache.set(req, pending);
      }
      return pending;
    },
  };
}
