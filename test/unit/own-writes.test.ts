import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { registerOwnWriteCatchUp } from '../../server/http/own-writes';

/** What the tRPC route answered when the session lookup failed: its own error, in tRPC's shape. */
const TRPC_ERROR_BODY = '{"error":{"json":{"message":"Internal server error","code":-32603}}}';

async function appWith() {
  const steps: string[] = [];
  const flush = vi.fn(async () => void steps.push('flush'));
  const catchUp = vi.fn(async () => void steps.push('catchUp'));
  const app = Fastify({ logger: false });
  registerOwnWriteCatchUp(app, { catchUp }, { flush });
  app.post('/trpc/order.checkout', async (_req, reply) => reply.code(500).header('content-type', 'application/json').send(TRPC_ERROR_BODY));
  app.post('/trpc/user.update', async () => ({ ok: true }));
  app.get('/trpc/user.me', async () => ({ ok: true }));
  app.post('/trpc/*', async () => ({ ok: true }));
  app.post('/api/images', async () => ({ ok: true }));
  return { app, steps, catchUp };
}

describe('a user own write, seen by their next read', () => {
  it('keeps the route own answer (an error included)', async () => {
    const { app, catchUp } = await appWith();
    const response = await app.inject({ method: 'POST', url: '/trpc/order.checkout', payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe(TRPC_ERROR_BODY);
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it('sends the write own announcements, then waits for the change feed to catch up; a read does neither', async () => {
    const { app, steps } = await appWith();
    expect((await app.inject({ method: 'GET', url: '/trpc/user.me' })).statusCode).toBe(200);
    expect(steps).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/trpc/user.update', payload: {} })).json()).toEqual({ ok: true });
    expect(steps).toEqual(['flush', 'catchUp']);
  });

  it('catches up after every API write (an admin write changes other people; a batch; an upload)', async () => {
    const { app, catchUp } = await appWith();
    await app.inject({ method: 'POST', url: '/trpc/admin.users.update', payload: {} });
    await app.inject({ method: 'POST', url: '/trpc/thread.open,message.send?batch=1', payload: {} });
    await app.inject({ method: 'POST', url: '/api/images', payload: {} });
    expect(catchUp).toHaveBeenCalledTimes(3);
  });
});
