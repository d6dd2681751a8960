import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { FastifyRequest } from 'fastify';

/**
 * A subscription is a server-sent-events stream, open for as long as the tab is: the idle timeout
 * for silent sockets does not apply to its socket (tRPC's pings keep proxies from closing it). Both
 * /trpc handlers (the lean one and tRPC's adapter) call this before answering.
 */
export function keepSubscriptionOpen(router: AnyRouter, req: FastifyRequest, path: string) {
  if (req.method !== 'GET') return;
  const procedures = router._def.procedures as Record<string, AnyProcedure | undefined>;
  if (Object.hasOwn(procedures, path) && procedures[path]?._def.type === 'subscription') req.raw.socket.setTimeout(0);
}
