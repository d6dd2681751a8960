import { type AnyRouter, type inferRouterContext, TRPCError } from '@trpc/server';
import { type FastifyRequestHandlerOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import {
  type AnyProcedure,
  getErrorShape,
  getHTTPStatusCode,
  getProcedureAtPath,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { encodedOnce } from '../lib/change-feed-cache';
import { keepSubscriptionOpen } from './subscriptions';
import { wireJson } from './transformer';

// Why not tRPC's own Fastify plugin for every call: it turns each request into a Fetch API
// Request (headers copied, an AbortController and a body stream per request) and each answer into
// a Response piped back through a web stream. For a small query that costs far more CPU than the
// procedure itself (decision 011). Plain queries and mutations — JSON in, JSON out, the calls the
// app makes all day — are answered here directly with tRPC's own procedure call, error shape,
// status mapping and transformer, so the wire format is the same byte for byte. Everything else
// (subscriptions over SSE, streaming, form data, batches over the limit, unknown paths, wrong
// methods, malformed input) goes to tRPC's handler unchanged, which answers it as it always has.

type Options<TRouter extends AnyRouter> = Omit<
  FastifyRequestHandlerOptions<TRouter, FastifyRequest, FastifyReply>,
  'req' | 'res' | 'path'
> & {
  router: TRouter;
  maxBatchSize: number;
};

/**
 * One call of a request, as data rather than closures: every request makes its calls, and each
 * closure made per request costs an allocation. `input`: the call's input as sent, parsed.
 */
type Call = { index: number; path: string; procedure: AnyProcedure; input: unknown };
type Parsed = { batch: boolean; type: 'query' | 'mutation'; calls: Call[] };

const METHOD_OF = { query: 'GET', mutation: 'POST' } as const;
/**
 * The content type tRPC's adapter writes. Fastify adds "; charset=utf-8" to a JSON type when the
 * body is a string, so every answer here is sent as bytes (test/integration/trpc-conformance.test.ts).
 */
const JSON_CONTENT_TYPE = 'application/json';

/** What transformTRPCResponse and JSON.stringify would write for a result, from the text wireJson gives. */
const resultText = (data: unknown) => `{"result":{"data":${wireJson(data)}}}`;

/** A call's answer before the transformer: its result's data, or its error's shape. */
type Answer = { result: { data: unknown }; error?: undefined } | { result?: undefined; error: ReturnType<typeof getErrorShape> };

const resultBytes = (data: unknown) => Buffer.from(resultText(data));

/**
 * The wire text of one successful call. An answer a change-feed cache handed out is encoded once,
 * kept with its cache entry, as bytes: a cached search answer is served all day, and as a string
 * each response would copy it, measure its UTF-8 length and encode it again on the socket.
 */
const resultBody = (data: unknown): string | Buffer => encodedOnce(data, resultBytes) ?? resultText(data);

/** The wire text of one answer: a single call's body, or a batch's item. */
const answerBody = (config: AnyRouter['_def']['_config'], answer: Answer) =>
  answer.result ? resultBody(answer.result.data) : JSON.stringify(transformTRPCResponse(config, answer));

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((text) => Buffer.from(text));

/** A batch's body: its answers' texts in a JSON array (as bytes when one of them is). */
function batchBody(parts: (string | Buffer)[]): string | Buffer {
  if (parts.every((part) => typeof part === 'string')) return `[${parts.join(',')}]`;
  const pieces = parts.flatMap((part, i) => [i === 0 ? OPEN : COMMA, typeof part === 'string' ? Buffer.from(part) : part]);
  return Buffer.concat([...pieces, CLOSE]);
}

/**
 * The first value of a query-string parameter (Fastify gives an array for repeated names), as tRPC
 * reads it with URLSearchParams. Fastify's parser agrees with that except on an escape it cannot
 * decode (`%E0%A4%A`, `%FF`): it keeps the whole value as sent where URLSearchParams writes U+FFFD,
 * so a value still holding a '%' is read again tRPC's way (rare, and a cost only then).
 */
function queryParam(req: FastifyRequest, name: string): string | undefined {
  const value = (req.query as Record<string, string | string[] | undefined>)[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || !first.includes('%')) return first;
  return new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1)).get(name) ?? undefined;
}

/**
 * Whether the transformer reads every input of a batch. tRPC reads a batch's inputs together, so
 * one it cannot read fails every call that takes input, not only its own: such a batch is left to it.
 */
function everyInputReadable(router: AnyRouter, inputs: Record<string, unknown>, count: number) {
  for (let index = 0; index < count; index++) {
    if (inputs[index] === undefined) continue;
    try {
      router._def._config.transformer.input.deserialize(inputs[index]);
    } catch {
      return false;
    }
  }
  return true;
}

function wantsStream(req: FastifyRequest) {
  const accept = req.headers['trpc-accept'] ?? req.headers.accept ?? '';
  return String(accept).includes('application/jsonl');
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The calls of a plain JSON query or mutation request, or null when tRPC's handler should answer. */
async function parsePlainRequest(router: AnyRouter, req: FastifyRequest, path: string, maxBatchSize: number): Promise<Parsed | null> {
  if (wantsStream(req) || queryParam(req, 'connectionParams') !== undefined) return null;
  // tRPC picks its reader by content type whatever the method (it refuses a GET that says it
  // carries form data): only JSON, or a GET without a content type, is answered here.
  const contentType = req.headers['content-type'];
  if (contentType === undefined ? req.method !== 'GET' : !contentType.startsWith('application/json')) return null;
  const batch = queryParam(req, 'batch') === '1';
  const paths = batch ? path.split(',') : [path];
  if (paths.length > maxBatchSize) return null;

  let inputs: unknown;
  const text = req.method === 'GET' ? queryParam(req, 'input') : (req.body as string | undefined);
  // A POST without a body: tRPC's handler reads it as JSON, a failure for any procedure that takes input.
  if (req.method === 'POST' && !text) return null;
  if (text) {
    const parsed = parseJson(text);
    if (!parsed.ok) return null;
    inputs = parsed.value;
  }
  if (batch && inputs !== undefined && (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs))) return null;
  if (batch && inputs !== undefined && !everyInputReadable(router, inputs as Record<string, unknown>, paths.length)) return null;

  const calls: Call[] = [];
  for (let index = 0; index < paths.length; index++) {
    const procedure = (await getProcedureAtPath(router, paths[index])) as AnyProcedure | null;
    const type = procedure?._def.type;
    if (!procedure || (type !== 'query' && type !== 'mutation') || METHOD_OF[type] !== req.method) return null;
    // One request, one kind of call: a batch mixing queries and mutations goes to tRPC's handler.
    if (index > 0 && type !== calls[0].procedure._def.type) return null;
    const input = batch ? (inputs as Record<string, unknown> | undefined)?.[index] : inputs;
    calls.push({ index, path: paths[index], procedure, input });
  }
  return { batch, type: calls[0].procedure._def.type as Parsed['type'], calls };
}

/** Registers POST/GET /trpc/:path (and every other method, for tRPC's own answers). */
export async function registerTrpcRoutes<TRouter extends AnyRouter>(app: FastifyInstance, options: Options<TRouter>) {
  const { router, maxBatchSize, createContext, onError } = options;
  const config = router._def._config;
  // As tRPC does: input the transformer cannot read is the caller's mistake (400), not a crash.
  const deserialize = (raw: unknown) => {
    try {
      return config.transformer.input.deserialize(raw);
    } catch (cause) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: cause instanceof Error ? cause.message : 'Invalid input', cause });
    }
  };

  /** One call's answer: the procedure's result (its middlewares run every time), or the shape of its error. */
  async function answer(
    call: Call,
    type: Parsed['type'],
    req: FastifyRequest,
    ctx: inferRouterContext<TRouter> | undefined,
    contextError: TRPCError | undefined,
  ): Promise<Answer> {
    let input: unknown;
    try {
      if (contextError) throw contextError;
      const data = await call.procedure({
        path: call.path,
        ctx,
        type,
        batchIndex: call.index,
        signal: undefined,
        getRawInput: async () => {
          if (call.input === undefined) return undefined;
          input = deserialize(call.input);
          return input;
        },
      });
      return { result: { data } };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError?.({ error, path: call.path, input, ctx, type, req });
      return { error: getErrorShape({ config, ctx, error, input, path: call.path, type }) };
    }
  }

  await app.register(async (scope) => {
    // tRPC reads the raw body itself; form data is passed through untouched as its plugin does.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

    scope.all<{ Params: { path: string } }>('/trpc/:path', async (req, reply) => {
      const path = req.params.path;
      const plain = req.method === 'GET' || req.method === 'POST' ? await parsePlainRequest(router, req, path, maxBatchSize) : null;
      if (!plain) {
        keepSubscriptionOpen(router, req, path);
        const request: FastifyRequest = req;
        await fastifyRequestHandler({ ...options, req: request, res: reply, path } as FastifyRequestHandlerOptions<
          TRouter,
          FastifyRequest,
          FastifyReply
        >);
        return reply;
      }

      let ctx: inferRouterContext<TRouter> | undefined;
      let contextError: TRPCError | undefined;
      try {
        ctx = (await createContext?.({ req, res: reply, info: undefined as never })) as inferRouterContext<TRouter>;
      } catch (cause) {
        contextError = getTRPCErrorFromUnknown(cause);
      }

      const answers = plain.batch
        ? await Promise.all(plain.calls.map((call) => answer(call, plain.type, req, ctx, contextError)))
        : [await answer(plain.calls[0], plain.type, req, ctx, contextError)];
      const single = answers[0];
      const body = plain.batch ? batchBody(answers.map((item) => answerBody(config, item))) : answerBody(config, single);
      return reply
        .code(getHTTPStatusCode(plain.batch ? answers : single))
        .header('vary', 'trpc-accept, accept')
        .header('content-type', JSON_CONTENT_TYPE)
        .send(typeof body === 'string' ? Buffer.from(body) : body);
    });
  });
}
