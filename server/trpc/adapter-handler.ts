import type { AnyRouter } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { keepSubscriptionOpen } from './subscriptions';

// tRPC's own Fastify adapter on /trpc, given the options the lean handler is given
// (TRPC_HANDLER=adapter). It is what the lean handler (fastify-handler.ts, decision 011) must
// answer like: test/integration/trpc-conformance.test.ts sends the same requests to both and
// compares the answers. It is also the way back should a tRPC upgrade break the lean handler.

/** Registers tRPC's Fastify plugin for every method on /trpc/:path. */
export async function registerTrpcAdapter<TRouter extends AnyRouter>(
  app: FastifyInstance,
  trpcOptions: FastifyTRPCPluginOptions<TRouter>['trpcOptions'],
) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', (req, _reply, done) => {
      const path = (req.params as { path?: string }).path;
      if (path !== undefined) keepSubscriptionOpen(trpcOptions.router, req, path);
      done();
    });
    await scope.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
  });
}
