import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from '../../server/http/request-logger';

function appWithLogLines() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const child = vi.spyOn(logger, 'child');
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    disableRequestLogging: true,
    genReqId: () => 'req-1',
    childLoggerFactory: requestLogger,
  });
  app.get('/quiet', async () => 'ok');
  app.get('/loud', async (req) => {
    req.log.warn({ err: new Error('boom') }, 'something to look at');
    req.log.debug('below the level');
    return 'ok';
  });
  return { app, lines, child };
}

describe('request logger', () => {
  it('writes through pino with the request id bound, at the logger level', async () => {
    const { app, lines } = appWithLogLines();
    await app.inject('/loud');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, reqId: 'req-1', msg: 'something to look at', err: { message: 'boom' } });
  });

  it('creates no pino child for a request that logs nothing', async () => {
    const { app, child } = appWithLogLines();
    await app.ready();
    const atStart = child.mock.calls.length; // Fastify's own, while starting
    await app.inject('/quiet');
    expect(child).toHaveBeenCalledTimes(atStart);
    await app.inject('/loud');
    expect(child).toHaveBeenCalledTimes(atStart + 1);
  });
});
