import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Announcer } from '../lib/announcer';
import type { ChangeFeed } from '../lib/change-feed';

const isApiWrite = (req: FastifyRequest) =>
  req.method !== 'GET' && req.method !== 'HEAD' && (req.url.startsWith('/trpc/') || req.url.startsWith('/api/'));

/**
 * A user's own write is visible to their very next read. The write's change reaches this process's
 * caches the way every other change does, through the database's change feed, which evicts exactly
 * what changed (the sessions of the users named, the searches over a table); the response waits
 * only until the feed has caught up with it. Announcements the write handed to the announcer (sent
 * after commit) leave first. An admin revoking someone's grant is refused on that person's very
 * next request the same way. Neither step can fail: a catch-up that cannot tell empties the caches.
 */
export function registerOwnWriteCatchUp(app: FastifyInstance, feed: Pick<ChangeFeed, 'catchUp'>, announcer: Pick<Announcer, 'flush'>) {
  app.addHook('onSend', async (req) => {
    if (!isApiWrite(req)) return;
    await announcer.flush();
    await feed.catchUp();
  });
}
