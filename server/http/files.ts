import type { FastifyInstance } from 'fastify';
import type { RequestAuth } from '../auth/request';
import type { AppDeps } from '../deps';
import { fileVisibilityFor } from '../domains/images/visibility';
import { keyFromFilesUrl, LOCAL_FILES_PREFIX } from '../providers/storage';

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

/** Public files may be kept by any cache for a year (names are random, content never changes). */
export const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** A private photo, and every 404 (one a party could otherwise be served from a shared cache), is never stored. */
export const NEVER_STORED = 'private, no-store';

/**
 * GET /files/<key>: the stored images and their variants. Each file is served by the rule of the
 * image it belongs to (domains/images/visibility.ts): a public one to anyone, a private one (a
 * photo sent in a conversation or a booking request) only to its parties, from the session cookie
 * that a same-origin <img> sends. Anyone else gets the same 404 as for a file that does not exist.
 * On S3 only private files come here (public ones are linked to the bucket directly).
 */
export function registerFiles(app: FastifyInstance, deps: AppDeps, auth: RequestAuth) {
  app.get(`${LOCAL_FILES_PREFIX}*`, async (req, reply) => {
    const notFound = () => reply.code(404).header('Cache-Control', NEVER_STORED).send({ error: 'Not found' });
    const key = keyFromFilesUrl(req.url.split('?')[0]);
    if (!key) return notFound();
    const session = await auth.resolve(req);
    const visibility = await fileVisibilityFor({ db: deps.db, user: session?.user ?? null, deps }, key);
    const body = visibility && (await deps.storage.read(key));
    if (!body) return notFound();
    return reply
      .header('Content-Type', CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream')
      .header('Cache-Control', visibility === 'public' ? PUBLIC_CACHE : NEVER_STORED)
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });
}
