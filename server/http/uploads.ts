import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestAuth } from '../auth/request';
import type { AppDeps } from '../deps';
import { uploadFieldsInput } from '../domains/images/inputs';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from '../domains/images/rules';
import { uploadImage } from '../domains/images/service';
import { productPhotoUploadInput } from '../domains/products/inputs';
import { uploadProductPhoto } from '../domains/products/photos/service';
import { AppError, type AppErrorCode } from '../lib/errors';
import type { ServiceCtx } from '../service-context';
import { registerFiles } from './files';

const STATUS: Partial<Record<AppErrorCode, number>> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
};

type Upload = { fields: Record<string, string>; bytes: Buffer | undefined };

/** The multipart body's fields and its one file, or the answer already sent for a body that cannot be read. */
async function readUpload(req: FastifyRequest, reply: FastifyReply): Promise<Upload | null> {
  if (!req.isMultipart()) {
    reply.code(400).send({ error: IMAGE_MESSAGES.noFile });
    return null;
  }
  const fields: Record<string, string> = {};
  let bytes: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
      else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') reply.code(413).send({ error: IMAGE_MESSAGES.tooLarge });
    else reply.code(400).send({ error: 'The upload could not be read' });
    return null;
  }
  return { fields, bytes };
}

/**
 * POST /api/images (multipart: accountType, accountId, imageType, then one file), POST
 * /api/products/:productId/photos (altText and replacesPhotoId, then one file), and GET /files/…
 * that serves what they store (./files.ts). Kept out of tRPC so the multipart parser's limits
 * apply: one file of at most 5 MB, a few short fields; a larger file is cut off while streaming
 * and answered with 413, never buffered whole.
 */
export async function registerUploads(app: FastifyInstance, deps: AppDeps, auth: RequestAuth) {
  // fieldSize in bytes: a photo's alt text is up to 250 characters, of up to 4 bytes each in UTF-8.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 7 } });

  /** An upload's steps shared by both routes: the session, the body, its fields, then the service's answer or its error. */
  const handle =
    <T>(
      parse: (req: FastifyRequest, fields: Record<string, string>) => z.ZodSafeParseResult<T>,
      run: (ctx: ServiceCtx, input: T, bytes: Buffer) => Promise<unknown>,
    ) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const session = await auth.resolve(req);
      if (!session) return reply.code(401).send({ error: 'Please sign in to continue' });
      const upload = await readUpload(req, reply);
      if (!upload) return reply;
      const parsed = parse(req, upload.fields);
      if (!parsed.success) return reply.code(400).send({ error: parsed.error.issues[0]?.message ?? 'Invalid upload' });
      if (!upload.bytes || upload.bytes.length === 0) return reply.code(400).send({ error: IMAGE_MESSAGES.noFile });
      try {
        const ctx = { db: deps.db, user: session.user, deps, sessionId: session.session.id };
        return reply.code(201).send(await run(ctx, parsed.data, upload.bytes));
      } catch (error) {
        if (error instanceof AppError && STATUS[error.code])
          return reply.code(STATUS[error.code] ?? 400).send({ error: error.message, ...(error.upgrade && { upgrade: error.upgrade }) });
        throw error;
      }
    };

  app.post(
    '/api/images',
    handle(
      (_req, fields) => uploadFieldsInput.safeParse(fields),
      (ctx, fields, bytes) => uploadImage({ ctx, fields, bytes }),
    ),
  );
  // Answers with the product's photos in order, the new one among them.
  app.post(
    '/api/products/:productId/photos',
    handle(
      (req, fields) => productPhotoUploadInput.safeParse({ ...fields, productId: (req.params as { productId: string }).productId }),
      (ctx, input, bytes) => uploadProductPhoto({ ctx, input, bytes }),
    ),
  );

  registerFiles(app, deps, auth);
}
