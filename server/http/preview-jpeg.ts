import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { previewJpeg } from '../domains/images/preview-jpeg';
import { PREVIEW_JPEG_PATH } from '../domains/images/rules';
import { NEVER_STORED, PUBLIC_CACHE } from './files';

/**
 * GET /og-image.jpg?src=<image URL>: the JPEG of a public image for link previews (the `og:image`
 * of the public pages, src/seo/head.ts). `src` is the image's URL as the pages carry it (/files/…,
 * on S3 the bucket's URL, or either on APP_ORIGIN). A private photo, an image that is not ours or
 * does not exist gets the same 404 as GET /files (server/http/files.ts).
 */
export function registerPreviewJpeg(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Querystring: { src?: unknown } }>(PREVIEW_JPEG_PATH, async (req, reply) => {
    const notFound = () => reply.code(404).header('Cache-Control', NEVER_STORED).send({ error: 'Not found' });
    const src = typeof req.query.src === 'string' ? req.query.src : '';
    const origin = deps.config.appOrigin.replace(/\/$/, '');
    const url = src.startsWith(`${origin}/`) ? src.slice(origin.length) : src;
    const key = url.length <= 1000 ? deps.storage.keyFromUrl(url) : null;
    const body = key && (await previewJpeg({ db: deps.db, user: null, deps }, key));
    if (!body) return notFound();
    return reply
      .header('Content-Type', 'image/jpeg')
      .header('Cache-Control', PUBLIC_CACHE)
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });
}
