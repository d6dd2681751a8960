import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { RequestAuth } from '../../server/auth/request';
import type { ValidSession } from '../../server/auth/sessions';
import type { Database } from '../../server/db/client';
import { registerOwnWriteEviction } from '../../server/http/own-writes';

/** What the tRPC route answered when the session lookup failed: its own error, in tRPC's shape. */
const TRPC_ERROR_BODY = '{"error":{"json":{"message":"Internal server error","code":-32603}}}';

async function appWith(resolve: RequestAuth['resolve']) {
  const evictUser = vi.fn();
  const catchUp = vi.fn(async () => undefined);
  const app = Fastify({ logger: false });
  registerOwnWriteEviction(app, { resolve }, { evictUser, catchUp }, {} as Database);
  app.post('/trpc/order.checkout', async (_req, reply) => reply.code(500).header('content-type', 'application/json').send(TRPC_ERROR_BODY));
  app.post('/trpc/user.update', async () => ({ ok: true }));
  app.get('/trpc/user.me', async () => ({ ok: true }));
  app.post('/trpc/*', async () => ({ ok: true }));
  return { app, evictUser, catchUp };
}

describe('eviction after a user own write', () => {
  it('keeps the route own answer when the session lookup failed (the database refused it)', async () => {
    const { app, evictUser } = await appWith(() => Promise.reject(new Error('sorry, too many clients already')));
    const response = await app.inject({ method: 'POST', url: '/trpc/order.checkout', payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe(TRPC_ERROR_BODY);
    expect(evictUser).not.toHaveBeenCalled();
  });

  it('evicts the writer sessions after a write, and does nothing for a read', async () => {
    const resolve = vi.fn(async () => ({ user: { id: 'u1' } }) as unknown as ValidSession);
    const { app, evictUser } = await appWith(resolve);
    expect((await app.inject({ method: 'GET', url: '/trpc/user.me' })).statusCode).toBe(200);
    expect(evictUser).not.toHaveBeenCalled();
    expect((await app.inject({ method: 'POST', url: '/trpc/user.update', payload: {} })).json()).toEqual({ ok: true });
    expect(evictUser).toHaveBeenCalledWith('u1');
  });

  it('waits for the change feed to catch up after an admin write (it changes other people), and only then', async () => {
    const { app, catchUp } = await appWith(async () => null);
    await app.inject({ method: 'POST', url: '/trpc/user.update', payload: {} });
    await app.inject({ method: 'POST', url: '/trpc/thread.open,message.send?batch=1', payload: {} });
    expect(catchUp).not.toHaveBeenCalled();
    await app.inject({ method: 'POST', url: '/trpc/admin.users.update', payload: {} });
    expect(catchUp).toHaveBeenCalledTimes(1);
    await app.inject({ method: 'POST', url: '/trpc/user.update,admin.users.update?batch=1', payload: {} });
    expect(catchUp).toHaveBeenCalledTimes(2);
  });
});
