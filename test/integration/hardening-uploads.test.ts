import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/auth/cookies';
import { images } from '../../server/db/schema';
import { MAX_UPLOAD_BYTES } from '../../server/domains/images/rules';
import { createUser, signIn } from '../support/factories';
import { useTestServer } from '../support/server';

// An upload at twice the 5 MB limit is refused with 413 while it streams: the server never holds
// more than the limit of it, so many of them leave memory where it was. The body is generated on
// the fly from one small chunk, so the client side (same process) holds nothing either.

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const server = useTestServer();

/** Heap and buffers after a full collection, in bytes. */
function liveMemory() {
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** `sent`: file bytes written when the answer arrived. */
type Result = { status: number; body: string; sent: number };

/** Streams a multipart upload whose file part is `fileBytes` long, with back-pressure. */
function streamUpload(url: string, cookie: string, accountId: string, fileBytes: number): Promise<Result> {
  const boundary = `----inklink${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `${field('accountType', 'user')}${field('accountId', accountId)}${field('imageType', 'portfolio')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // A JPEG start, then filler: the limit must trip on size, before any decoding.
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  chunk[0] = 0xff;
  chunk[1] = 0xd8;
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let settled = false;
    let answered = false;
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: '/api/images',
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + fileBytes + tail.length,
          origin: target.origin,
          cookie,
        },
      },
      (response) => {
        // Stop sending as soon as the answer is in, as a browser does.
        answered = true;
        const sentAtAnswer = sent;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (d) => {
          body += d;
        });
        response.on('end', () => {
          settled = true;
          resolve({ status: response.statusCode ?? 0, body, sent: sentAtAnswer });
          request.destroy();
        });
      },
    );
    // The server may stop reading once it has answered; a reset after the answer is expected.
    request.on('error', (error) => {
      if (!settled) reject(error);
    });
    request.write(head);
    let remaining = fileBytes;
    const pump = () => {
      while (remaining > 0 && !answered && !request.destroyed) {
        const piece = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
        remaining -= piece.length;
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      if (remaining === 0 && !answered && !request.destroyed) request.end(tail);
      else if (answered) request.destroy();
    };
    pump();
  });
}

describe('uploads over the limit', () => {
  it('refuses a file of twice the limit with 413 and the spec message, stores nothing, and does not grow memory', async () => {
    const user = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    const cookie = `${SESSION_COOKIE}=${client.jar.cookies.get(SESSION_COOKIE)}`;
    const twice = 2 * MAX_UPLOAD_BYTES;

    // Warm-up (lazy module loading, pools), then measure across many refusals, four at a time.
    await streamUpload(server.url, cookie, user.id, twice);
    const before = liveMemory();
    const results: Result[] = [];
    for (let round = 0; round < 5; round++) {
      results.push(...(await Promise.all(Array.from({ length: 4 }, () => streamUpload(server.url, cookie, user.id, twice)))));
    }
    const after = liveMemory();

    for (const result of results) {
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body).error).toMatch(/5 ?MB/i);
    }
    expect((await server.deps.db.select({ n: count() }).from(images))[0].n).toBe(0);
    const MB = 1024 * 1024;
    // 200 MB of refused uploads went through: what stays afterwards is noise (about 1 MB), not their bodies.
    expect((after - before) / MB).toBeLessThan(10);
  });
});
