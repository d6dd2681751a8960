import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { RequestAuth } from '../auth/request';
import type { AppDeps } from '../deps';
import { uploadFieldsInput } from '../domains/images/inputs';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from '../domains/images/rules';
import { uploadImage } from '../domains/images/service';
import { AppError, type AppErrorCode } from '../lib/errors';
import { registerFiles } from './files';

const STATUS: Partial<Record<AppErrorCode, number>> = { VALIDATION: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, PAYLOAD_TOO_LARGE: 413 };

/**
 * POST /api/images (multipart: accountType, accountId, imageType, then one file), and GET /files/…
 * that serves what it stores (./files.ts). Kept out of tRPC so the multipart parser's limits
 * apply: one file of at most 5 MB, a few short fields; a larger file is cut off while streaming
 * and answered with 413, never buffered whole.
 */
export async function registerUploads(app: FastifyInstance, deps: AppDeps, auth: RequestAuth) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 7 } });

  app.post('/api/images', async (req, reply) => {
    const session = await auth.resolve(req);
    if (!session) return reply.code(401).send({ error: 'Please sign in to continue' });
    if (!req.isMultipart()) return reply.code(400).send({ error: IMAGE_MESSAGES.noFile });
    const fields: Record<string, string> = {};
    let bytes: Buffer | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') bytes = await part.toBuffer();
        else fields[part.fieldname] = String(part.value);
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ error: IMAGE_MESSAGES.tooLarge });
      return reply.code(400).send({ error: 'The upload could not be read' });
    }
    const parsed = uploadFieldsInput.safeParse(fields);
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.issues[0]?.message ?? 'Invalid upload' });
    if (!bytes || bytes.length === 0) return reply.code(400).send({ error: IMAGE_MESSAGES.noFile });
    try {
      const image = await uploadImage({ ctx: { db: deps.db, user: session.user, deps, sessionId: session.session.id }, fields: parsed.data, bytes });
      return reply.code(201).send(image);
    } catch (error) {
      if (error instanceof AppError && STATUS[error.code]) return reply.code(STATUS[error.code] ?? 400).send({ error: error.message });
      throw error;
    }
  });

  registerFiles(app, deps, auth);
}
