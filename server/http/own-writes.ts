import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestAuth } from '../auth/request';
import type { SessionCache } from '../auth/session-cache';
import type { Database } from '../db/client';
import { clearChangeFeedCaches } from '../lib/change-feed-cache';

/** The procedure paths of a tRPC call ('/trpc/a.b,c.d?batch=1' holds two). */
const trpcPaths = (url: string) => (url.startsWith('/trpc/') ? url.slice('/trpc/'.length).split('?')[0].split(',') : []);

const isApiWrite = (req: FastifyRequest) =>
  req.method !== 'GET' && req.method !== 'HEAD' && (req.url.startsWith('/trpc/') || req.url.startsWith('/api/'));

/**
 * A user's own write is visible to their very next read: their cached sessions and this process's
 * change-feed caches (e.g. studio search) are dropped before the write's response leaves (other
 * processes hear of it through the database). The session is the one the request already resolved;
 * when that lookup failed (say the database refused a connection), the request has already
 * answered with its own error and there is nobody to evict — this hook must never replace that
 * answer with another one (a tRPC client cannot read a bare 500 body).
 */
export function registerOwnWriteEviction(
  app: FastifyInstance,
  auth: RequestAuth,
  sessionCache: Pick<SessionCache, 'evictUser' | 'catchUp'>,
  database: Database,
) {
  app.addHook('onSend', async (req) => {
    if (!isApiWrite(req)) return;
    clearChangeFeedCaches(database);
    // The admin console changes other people's accounts: a revoked grant or a deleted account must
    // be refused on that person's very next request, not once the change notice happens to arrive.
    if (trpcPaths(req.url).some((path) => path.startsWith('admin.'))) await sessionCache.catchUp().catch(() => undefined);
    const valid = await auth.resolve(req).catch(() => null);
    if (valid) sessionCache.evictUser(valid.user.id);
  });
}
