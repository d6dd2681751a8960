import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { HTTP_LIMITS, loadConfig } from '../../server/config';
import { createUser, signIn } from '../support/factories';
import { type TestServer, useTestServer } from '../support/server';

// Issue 18, item 4: slow clients are cut in bounded time. The limits are shortened here so each
// case takes seconds; the production values are asserted separately against the 30 s bound.

const LIMITS = { headersTimeoutMs: 1_500, requestTimeoutMs: 2_500, timeoutCheckIntervalMs: 250, idleTimeoutMs: 3_000, keepAliveTimeoutMs: 5_000 };
/** The latest a trickling socket may still be open: the longest bound, one check later, and slack for a busy machine. */
const CUT_WITHIN_MS = LIMITS.requestTimeoutMs + LIMITS.timeoutCheckIntervalMs + 1_500;

const server = useTestServer({ config: { http: LIMITS } });

type Trickle = { socket: net.Socket; closedAfterMs: Promise<number>; received: () => string };

/** Opens a raw connection, writes `head`, then one byte of `drip` a second until the server closes it. */
function trickle(head: string, drip: string): Trickle {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  const started = Date.now();
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {});
  let sent = 0;
  const timer = setInterval(() => {
    if (!socket.destroyed && sent < drip.length) socket.write(drip[sent++]);
  }, 1_000);
  socket.write(head);
  const closedAfterMs = new Promise<number>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    });
  });
  return { socket, closedAfterMs, received: () => received };
}

/** Resolves with the time the socket took to close, or fails past the bound. */
async function closedWithinBound(t: Trickle) {
  const limit = new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), CUT_WITHIN_MS + 5_000));
  const elapsed = await Promise.race([t.closedAfterMs, limit]);
  t.socket.destroy();
  return elapsed;
}

describe('production limits', () => {
  it('cut trickled headers and bodies within 30 s, and are what the server is given', () => {
    expect(loadConfig({}).http).toEqual(HTTP_LIMITS);
    expect(HTTP_LIMITS.headersTimeoutMs + HTTP_LIMITS.timeoutCheckIntervalMs).toBeLessThanOrEqual(30_000);
    expect(HTTP_LIMITS.requestTimeoutMs + HTTP_LIMITS.timeoutCheckIntervalMs).toBeLessThanOrEqual(30_000);
    expect(HTTP_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(HTTP_LIMITS.requestTimeoutMs);
  });
});

describe('slow clients', () => {
  it('closes a connection whose headers trickle in, a byte a second', async () => {
    const t = trickle('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', `X-Slow: ${'a'.repeat(60)}`);
    const elapsed = await closedWithinBound(t);
    expect(elapsed).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 100);
    expect(elapsed).toBeLessThan(CUT_WITHIN_MS);
    expect(t.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body trickles in, a byte a second, before any handler runs', async () => {
    const body = JSON.stringify({ json: { email: 'slow@example.com', password: 'x'.repeat(60) } });
    const head = `POST /trpc/auth.login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const t = trickle(head, body);
    const elapsed = await closedWithinBound(t);
    expect(elapsed).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 100);
    expect(elapsed).toBeLessThan(CUT_WITHIN_MS);
    expect(t.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that sends nothing', async () => {
    const elapsed = await closedWithinBound(trickle('', ''));
    expect(elapsed).toBeLessThan(CUT_WITHIN_MS);
  });

  it('closes a kept-alive connection whose second request trickles in', async () => {
    const t = trickle('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', `X-Slow: ${'a'.repeat(60)}`);
    const elapsed = await closedWithinBound(t);
    expect(elapsed).toBeLessThan(CUT_WITHIN_MS);
    // The first request was answered; the second was not.
    expect(t.received().match(/HTTP\/1\.1 200/g)).toHaveLength(1);
  });
});

/** Opens a live-updates stream on `target` and checks it outlives every limit and still delivers events. */
async function liveStreamOutlivesLimits(target: TestServer) {
  const user = await createUser({}, target.deps.db);
  const client = target.client();
  await signIn(client, user);
  const started = Date.now();
  const response = await client.fetch(`${target.url}/trpc/live.onEvent`, { headers: { accept: 'text/event-stream' } });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const readUntil = async (needle: string) => {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended after ${Date.now() - started} ms; got ${text}`);
      text += decoder.decode(value, { stream: true });
    }
  };
  await readUntil('connected');
  // Quiet for longer than the idle, header and request limits together.
  await new Promise((resolve) => setTimeout(resolve, LIMITS.idleTimeoutMs + LIMITS.requestTimeoutMs));
  await target.deps.events.publish({ topic: 'still-here', userIds: [user.id] });
  await readUntil('still-here');
  expect(Date.now() - started).toBeGreaterThan(LIMITS.idleTimeoutMs + LIMITS.requestTimeoutMs);
  await reader.cancel();
}

/** tRPC's own adapter (TRPC_HANDLER=adapter) must keep the stream open too (server/trpc/adapter-handler.ts). */
const adapterServer = useTestServer({ config: { http: LIMITS }, env: { TRPC_HANDLER: 'adapter' } });

describe('live updates (server-sent events)', () => {
  it('stay open past every limit and still deliver events', () => liveStreamOutlivesLimits(server));
  it('stay open past every limit with tRPC’s own adapter answering /trpc', () => liveStreamOutlivesLimits(adapterServer));
});
