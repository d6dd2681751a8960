import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';

// tRPC's own Fastify adapter on /trpc, given the options the lean handler is given
// (TRPC_HANDLER=adapter). It is what the lean handler (fastify-handler.ts, decision 011) must
// answer like: test/integration/trpc-conformance.test.ts sends the same requests to both and
// compares the answers. It is also the way back should a tRPC upgrade break the lean handler.

/** Registers tRPC's Fastify plugin for every method on /trpc/:path. */
export async function registerTrpcAdapter<TRouter extends AnyRouter>(
  app: FastifyInstance,
  trpcOptions: FastifyTRPCPluginOptions<TRouter>['trpcOptions'],
) {
  const procedures = trpcOptions.router._def.procedures as Record<string, AnyProcedure | undefined>;
  await app.register(async (scope) => {
    // As in the lean handler: a subscription is a server-sent-events stream, open for as long as
    // the tab is, so the idle timeout for silent sockets does not apply to it.
    scope.addHook('onRequest', (req, _reply, done) => {
      const path = (req.params as { path?: string }).path;
      if (req.method === 'GET' && path !== undefined && Object.hasOwn(procedures, path) && procedures[path]?._def.type === 'subscription') {
        req.raw.socket.setTimeout(0);
      }
      done();
    });
    await scope.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
  });
}
