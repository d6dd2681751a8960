import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_SIZE } from '../../server/app';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { createUser, registerInput } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { studioInput } from '../support/studio-fixtures';

// The lean request handler (server/trpc/fastify-handler.ts, decision 011) answers plain queries and
// mutations itself with pieces of tRPC's internals. This file holds it to tRPC's own Fastify adapter:
// two servers over one database, one per TRPC_HANDLER, get the same requests, and their answers must
// have the same status, the same headers and the same bytes. Where they may differ, the comparison
// says why and what it still holds equal.

type Mode = 'lean' | 'adapter';
type Answer = { status: number; headers: Record<string, string[]>; body: Buffer };

/** One request, as raw as a test needs it: node:http, so nothing between here and the server rewrites it. */
function send(
  server: TestServer,
  request: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { hostname: url.hostname, port: url.port, path: `/trpc/${request.path}`, method: request.method ?? 'GET', headers: request.headers, agent: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: headersOf(incoming), body: Buffer.concat(chunks) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** A server-sent-events answer up to its first `count` events, then the connection is dropped. */
function sendUntilEvents(server: TestServer, path: string, headers: Record<string, string>, count: number, whenOpen?: () => void): Promise<Answer> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ hostname: url.hostname, port: url.port, path: `/trpc/${path}`, headers, agent: false }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('\n\n')) whenOpen?.();
        if (text.split('\n\n').length > count) {
          resolve({ status: incoming.statusCode ?? 0, headers: headersOf(incoming), body: Buffer.from(text.split('\n\n').slice(0, count).join('\n\n')) });
          outgoing.destroy();
        }
      });
      incoming.on('error', () => {});
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: headersOf(incoming), body: Buffer.from(text) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function headersOf(incoming: http.IncomingMessage) {
  const headers: Record<string, string[]> = {};
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
    const name = incoming.rawHeaders[i].toLowerCase();
    headers[name] = [...(headers[name] ?? []), incoming.rawHeaders[i + 1]];
  }
  return headers;
}

/**
 * The headers two answers must share. Left out, with their reason:
 * - date: the clock;
 * - x-request-id: a fresh id per request (both carry one);
 * - content-length / transfer-encoding: how the same bytes are framed. The lean handler sends its
 *   answer as one buffer with a length; tRPC's adapter pipes a web stream, so chunked.
 * set-cookie is compared by shape: the cookie's name and attributes, not its secret value or the
 * second its expiry was computed in.
 */
function comparable(answer: Answer) {
  const { date: _date, 'x-request-id': requestId, 'content-length': _length, 'transfer-encoding': _encoding, 'set-cookie': cookies, ...rest } = answer.headers;
  expect(requestId).toHaveLength(1);
  return {
    status: answer.status,
    headers: rest,
    cookies: (cookies ?? []).map((line) => line.replace(/=[^;]*/, '=<value>').replace(/Expires=[^;]*/i, 'Expires=<date>')),
  };
}

/** Framing that says who wrote the answer: the lean handler's own answers carry their length. */
function framing(answer: Answer) {
  if (answer.headers['content-length']) {
    expect(Number(answer.headers['content-length'][0])).toBe(answer.body.length);
    return 'length';
  }
  return answer.headers['transfer-encoding']?.[0] === 'chunked' ? 'chunked' : 'none';
}

let database: TestDatabase;
const servers = {} as Record<Mode, TestServer>;
/** One signed-in session, used on both servers (they share the database, so the session is valid on each). */
let memberCookie = '';
let member: Awaited<ReturnType<typeof createUser>>;
let studioSlug = '';

beforeAll(async () => {
  database = await createTestDatabase();
  servers.lean = await startTestServer({ database, env: { TRPC_HANDLER: 'lean' } });
  servers.adapter = await startTestServer({ database, env: { TRPC_HANDLER: 'adapter' } });
  member = await createUser({}, servers.lean.deps.db);
  const client = servers.lean.client();
  await client.auth.login.mutate({ email: member.email, password: member.password });
  memberCookie = client.jar.header();
  const studio = await client.studio.create.mutate(studioInput({ name: 'Conformance Ink' }));
  if (!studio.urlSlug) throw new Error('the studio was made without a slug');
  studioSlug = studio.urlSlug;
});

afterAll(async () => {
  await servers.adapter?.close();
  await servers.lean?.close();
  await database?.drop();
});

const json = (value: unknown) => JSON.stringify(value);
const q = (value: unknown) => encodeURIComponent(json(value));

type Case = {
  /** What is asked; per server, since a POST carries its server's origin and a fresh record may need fresh input. */
  request: (mode: Mode, server: TestServer) => { method?: string; path: string; headers?: Record<string, string>; body?: string };
  /** Answered by the lean handler itself; the other requests it hands to tRPC's handler. */
  lean: boolean;
  /** The status both must give, so a case cannot pass by both failing alike in an unexpected way. */
  status: number;
  /** For answers that name a record each server made for itself: what is equal once the names are put aside. */
  normalize?: (body: string) => string;
};

const signedIn = (headers: Record<string, string> = {}) => ({ cookie: memberCookie, ...headers });
const postJson = (server: TestServer, headers: Record<string, string> = {}) => ({ 'content-type': 'application/json', origin: server.url, ...headers });
const batchOf = (paths: string[]) => paths.join(',');

const cases: Record<string, Case> = {
  'a public query without input': { lean: true, status: 200, request: () => ({ path: 'auth.providers' }) },
  'a public query signed out (null)': { lean: true, status: 200, request: () => ({ path: 'auth.me' }) },
  'a public query signed in': { lean: true, status: 200, request: () => ({ path: 'auth.me', headers: signedIn() }) },
  'a signed-in query with Dates (superjson meta)': {
    lean: true,
    status: 200,
    request: () => ({ path: `studio.bySlug?input=${q({ json: { slug: studioSlug } })}`, headers: signedIn() }),
  },
  'a signed-in query answered from the search cache': {
    lean: true,
    status: 200,
    request: () => ({ path: `studio.search?input=${q({ json: { query: 'Conformance' } })}`, headers: signedIn() }),
  },
  'an input in unicode (accents, CJK, emoji)': {
    lean: true,
    status: 200,
    request: () => ({ path: `studio.search?input=${q({ json: { query: 'Tätowierung 東京 🌹' } })}`, headers: signedIn() }),
  },
  'a public query with unicode input': {
    lean: true,
    status: 200,
    request: () => ({ path: `user.isDisplayNameAvailable?input=${q({ json: { displayName: 'Zoë_東京' } })}` }),
  },
  'a NOT_FOUND from a service (public)': {
    lean: true,
    status: 404,
    request: () => ({ path: `blog.bySlug?input=${q({ json: { slug: 'no-such-post' } })}` }),
  },
  'a NOT_FOUND from a service (signed in)': {
    lean: true,
    status: 404,
    request: () => ({ path: `studio.bySlug?input=${q({ json: { slug: 'no-such-studio' } })}`, headers: signedIn() }),
  },
  'unauthorized (401): a signed-in query signed out': { lean: true, status: 401, request: () => ({ path: 'auth.sessions' }) },
  'forbidden (403): an admin query by a member': { lean: true, status: 403, request: () => ({ path: 'admin.users.recent', headers: signedIn() }) },
  'a query input failing zod (the spec message)': {
    lean: true,
    status: 400,
    request: () => ({ path: `studio.bySlug?input=${q({ json: { slug: 42 } })}`, headers: signedIn() }),
  },
  'a mutation input failing zod (the spec message)': {
    lean: true,
    status: 400,
    request: (_mode, server) => ({ method: 'POST', path: 'auth.register', headers: postJson(server), body: json({ json: registerInput({ email: 'not-an-address' }) }) }),
  },
  'a public mutation with fresh input per server': {
    lean: true,
    status: 200,
    request: (_mode, server) => ({ method: 'POST', path: 'auth.register', headers: postJson(server), body: json({ json: registerInput() }) }),
  },
  'a mutation that signs in (set-cookie)': {
    lean: true,
    status: 200,
    request: (_mode, server) => ({
      method: 'POST',
      path: 'auth.login',
      headers: postJson(server),
      body: json({ json: { email: member.email, password: member.password } }),
    }),
  },
  'a mutation that creates a record (its ids and times differ)': {
    lean: true,
    status: 200,
    request: (mode, server) => ({
      method: 'POST',
      path: 'studio.create',
      headers: postJson(server, signedIn()),
      body: json({ json: studioInput({ name: `Conformance ${mode}`, email: `conformance-${mode}@studio.test` }) }),
    }),
    // Each server makes its own studio: put aside what names it (ids, slug, name, e-mail, times).
    normalize: (body) =>
      body
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>')
        .replace(/(conformance[- ])(lean|adapter)/gi, '$1<mode>'),
  },
  'a signed-in mutation without input, empty body': {
    lean: false,
    status: 200,
    request: (_mode, server) => ({ method: 'POST', path: 'notification.markAllSeen', headers: postJson(server, signedIn()) }),
  },
  'a signed-in mutation without input, body {}': {
    lean: true,
    status: 200,
    request: (_mode, server) => ({ method: 'POST', path: 'notification.markAllSeen', headers: postJson(server, signedIn()), body: '{}' }),
  },
  'a mutation whose input is missing': {
    lean: false,
    status: 400,
    request: (_mode, server) => ({ method: 'POST', path: 'auth.register', headers: postJson(server) }),
  },
  'a GET batch, all succeeding': {
    lean: true,
    status: 200,
    request: () => ({ path: `${batchOf(['auth.me', 'auth.providers', 'studio.bySlug'])}?batch=1&input=${q({ 2: { json: { slug: studioSlug } } })}`, headers: signedIn() }),
  },
  'a GET batch, success and errors mixed (207)': {
    lean: true,
    status: 207,
    request: () => ({
      path: `${batchOf(['auth.me', 'blog.bySlug', 'auth.sessions', 'studio.bySlug'])}?batch=1&input=${q({ 1: { json: { slug: 'missing' } }, 3: { json: { slug: 1 } } })}`,
    }),
  },
  'a POST batch, success and errors mixed (207)': {
    lean: true,
    status: 207,
    request: (_mode, server) => ({
      method: 'POST',
      path: `${batchOf(['auth.register', 'auth.register', 'notification.markAllSeen'])}?batch=1`,
      headers: postJson(server),
      body: json({ 0: { json: registerInput() }, 1: { json: registerInput({ password: 'short' }) } }),
    }),
  },
  'a GET batch at the limit': {
    lean: true,
    status: 200,
    request: () => ({ path: `${batchOf(Array(MAX_BATCH_SIZE).fill('auth.me'))}?batch=1`, headers: signedIn() }),
  },
  'a batch where superjson cannot read one input': {
    lean: false,
    status: 400,
    request: () => ({
      path: `${batchOf(['blog.bySlug', 'blog.bySlug'])}?batch=1&input=${q({ 0: { json: { slug: 'x' } }, 1: { json: { slug: 'y' }, meta: { values: { slug: ['custom', 'NoSuchType'] } } } })}`,
    }),
  },
  'a batch where one input is null': {
    lean: false,
    status: 400,
    request: () => ({ path: `${batchOf(['blog.bySlug', 'blog.bySlug'])}?batch=1&input=${q({ 0: { json: { slug: 'x' } }, 1: null })}` }),
  },
  'a GET batch over the limit': {
    lean: false,
    status: 400,
    request: () => ({ path: `${batchOf(Array(MAX_BATCH_SIZE + 1).fill('auth.me'))}?batch=1&input=${q({})}` }),
  },
  'a POST batch over the limit': {
    lean: false,
    status: 400,
    request: (_mode, server) => ({
      method: 'POST',
      path: `${batchOf(Array(MAX_BATCH_SIZE + 1).fill('notification.markAllSeen'))}?batch=1`,
      headers: postJson(server, signedIn()),
      body: '{}',
    }),
  },
  'a batch mixing a query and a mutation': {
    lean: false,
    status: 400,
    request: () => ({ path: `${batchOf(['auth.me', 'auth.logout'])}?batch=1&input=${q({})}` }),
  },
  'a batch whose input is not an object': {
    lean: false,
    status: 400,
    request: () => ({ path: `${batchOf(['blog.bySlug'])}?batch=1&input=${q([{ json: { slug: 'x' } }])}` }),
  },
  'a batch naming an unknown procedure': {
    lean: false,
    status: 207,
    request: () => ({ path: `${batchOf(['auth.me', 'no.such'])}?batch=1` }),
  },
  'an unknown path': { lean: false, status: 404, request: () => ({ path: 'no.such' }) },
  'GET to a mutation': { lean: false, status: 405, request: () => ({ path: 'notification.markAllSeen', headers: signedIn() }) },
  'POST to a query': {
    lean: false,
    status: 405,
    request: (_mode, server) => ({ method: 'POST', path: 'auth.me', headers: postJson(server), body: '{}' }),
  },
  'PUT to a query': {
    lean: false,
    status: 405,
    request: (_mode, server) => ({ method: 'PUT', path: 'auth.me', headers: postJson(server), body: '{}' }),
  },
  'HEAD': { lean: false, status: 204, request: () => ({ method: 'HEAD', path: 'auth.me' }) },
  'malformed JSON in a query input': {
    lean: false,
    status: 400,
    request: () => ({ path: `blog.bySlug?input=${encodeURIComponent('{"json":{')}` }),
  },
  'malformed JSON in a mutation body': {
    lean: false,
    status: 400,
    request: (_mode, server) => ({ method: 'POST', path: 'auth.register', headers: postJson(server), body: '{"json": {' }),
  },
  'malformed JSON to a procedure that reads no input': {
    lean: false,
    status: 200,
    request: () => ({ path: `auth.me?input=${encodeURIComponent('{')}` }),
  },
  'an input superjson cannot read': {
    lean: true,
    status: 400,
    request: () => ({ path: `blog.bySlug?input=${q({ json: { slug: 'x' }, meta: { values: { slug: ['custom', 'NoSuchType'] } } })}` }),
  },
  'a query input with a malformed percent escape': {
    lean: true,
    status: 404,
    request: () => ({ path: `blog.bySlug?input=${q({ json: { slug: 'x' } }).replace('x', '%E0%A4%A')}` }),
  },
  // Sent unescaped, the malformed escapes are read by tRPC as U+FFFD (36 characters, a valid search)
  // and were read by Fastify's query parser as sent (96 characters, over the limit of 80).
  'a query input with raw JSON and malformed escapes': {
    lean: true,
    status: 200,
    request: () => ({ path: `studio.search?input={"json":{"query":"${'%E0%A4%A'.repeat(12)}"}}`, headers: signedIn() }),
  },
  'a query input with an escape that is not UTF-8': {
    lean: true,
    status: 404,
    request: () => ({ path: `blog.bySlug?input={"json":{"slug":"%FF"}}` }),
  },
  'a query input that is null': { lean: true, status: 400, request: () => ({ path: `blog.bySlug?input=null` }) },
  'a query input given twice (the first one counts)': {
    lean: true,
    status: 404,
    request: () => ({ path: `blog.bySlug?input=${q({ json: { slug: 'first' } })}&input=${q({ json: { slug: 'second' } })}` }),
  },
  'a value PostgreSQL refuses (a NUL character)': {
    lean: true,
    status: 400,
    request: () => ({ path: `blog.bySlug?input=${q({ json: { slug: 'a\u0000b' } })}` }),
  },
  'a stale session cookie': {
    lean: true,
    status: 200,
    request: () => ({ path: 'auth.me', headers: { cookie: memberCookie.replace(/=[^;]+/g, '=stale') } }),
  },
  'a query input sent with + for spaces': {
    lean: true,
    status: 404,
    request: () => ({ path: `blog.bySlug?input=${q({ json: { slug: 'two words' } }).replace(/%20/g, '+')}` }),
  },
  'a POST with a content type tRPC does not read': {
    lean: false,
    status: 415,
    request: (_mode, server) => ({ method: 'POST', path: 'auth.register', headers: postJson(server, { 'content-type': 'text/plain' }), body: '{}' }),
  },
  'a POST without a content type': {
    lean: false,
    status: 415,
    request: (_mode, server) => ({ method: 'POST', path: 'auth.register', headers: { origin: server.url }, body: json({ json: registerInput() }) }),
  },
  'a GET that says it carries form data': {
    lean: false,
    status: 405,
    request: () => ({ path: 'auth.me', headers: { 'content-type': 'multipart/form-data; boundary=x' } }),
  },
  'a streamed batch (httpBatchStreamLink)': {
    lean: false,
    status: 200,
    request: () => ({ path: `${batchOf(['auth.me', 'auth.providers'])}?batch=1&input=${q({})}`, headers: { 'trpc-accept': 'application/jsonl' } }),
  },
  'a cross-site POST (refused before tRPC)': {
    lean: false,
    status: 403,
    request: () => ({ method: 'POST', path: 'auth.register', headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, body: json({ json: registerInput() }) }),
  },
};

describe('the lean tRPC handler answers as tRPC’s own Fastify adapter does', () => {
  it.each(Object.entries(cases))('%s', async (_name, testCase) => {
    const lean = await send(servers.lean, testCase.request('lean', servers.lean));
    const adapter = await send(servers.adapter, testCase.request('adapter', servers.adapter));
    const text = (answer: Answer) => (testCase.normalize ?? String)(answer.body.toString('utf8'));
    expect(lean.status).toBe(testCase.status);
    expect({ ...comparable(lean), body: text(lean) }).toEqual({ ...comparable(adapter), body: text(adapter) });
    if (!testCase.normalize) expect(lean.body.equals(adapter.body)).toBe(true);
    // Which handler wrote the lean server's answer: its own (with a length), or tRPC's (a stream).
    expect(framing(lean)).toBe(testCase.lean ? 'length' : framing(adapter));
  });

  it('a subscription (server-sent events): the same headers, the same first events', async () => {
    const headers = signedIn({ accept: 'text/event-stream' });
    const [lean, adapter] = await Promise.all(
      (['lean', 'adapter'] as const).map((mode) =>
        // The first event is tRPC's "connected"; the second, one live event published once both streams are open.
        sendUntilEvents(servers[mode], 'live.onEvent', headers, 2, () => opened(mode)),
      ),
    );
    expect(lean.status).toBe(200);
    expect(comparable(lean)).toEqual(comparable(adapter));
    expect(lean.body.toString()).toContain('conformance-event');
    expect(lean.body.toString()).toBe(adapter.body.toString());
  });

  it('a subscription signed out: the same error event', async () => {
    const headers = { accept: 'text/event-stream' };
    const [lean, adapter] = await Promise.all((['lean', 'adapter'] as const).map((mode) => sendUntilEvents(servers[mode], 'live.onEvent', headers, 2)));
    expect(comparable(lean)).toEqual(comparable(adapter));
    expect(lean.body.toString()).toContain('UNAUTHORIZED');
    expect(lean.body.toString()).toBe(adapter.body.toString());
  });
});

const open = new Set<Mode>();
/** Publishes the live event once both servers' streams have said "connected". */
function opened(mode: Mode) {
  if (open.has(mode)) return;
  open.add(mode);
  if (open.size === 2) void servers.lean.deps.events.publish({ topic: 'conformance-event', userIds: [member.id], payload: { n: 1 } });
}
