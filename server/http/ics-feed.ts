import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { FEED_PATH, feedForToken } from '../domains/calendar/service';

/**
 * GET /api/calendar/{token}.ics: a user's private calendar feed for any calendar app. The token in
 * the URL is the only credential (calendar apps send no cookies); only its hash is stored, and
 * regenerating or revoking the feed makes an old URL answer 404.
 */
export function registerIcsFeed(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { file: string } }>(`${FEED_PATH}/:file`, async (req, reply) => {
    const token = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(req.params.file)?.[1];
    const body = token ? await feedForToken({ db: deps.db, user: null, deps }, token) : null;
    if (!body) return reply.code(404).send({ error: 'Calendar feed not found' });
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, max-age=300')
      .header('Content-Disposition', 'inline; filename="inklink.ics"')
      .send(body);
  });
}
