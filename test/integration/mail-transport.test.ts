import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport, SMTP_POOL_CONNECTIONS } from '../../server/providers/mail';
import { startSmtpServer } from '../support/smtp';

// One SMTP connection per mail costs the relay's greeting delay every time (smtp-server waits
// 100 ms); the transport keeps a bounded pool of connections open unless SMTP_URL says otherwise.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

async function sendMany(url: string, count: number) {
  const before = { connections: smtp.stats.connections, received: smtp.received.length };
  const transport = createMailTransport({ smtpUrl: url, from: 'InkLink <no-reply@inklink.test>' });
  try {
    const outcomes = await Promise.all(
      Array.from({ length: count }, (_, i) => transport.send({ to: `buyer${i}@inklink.test`, subject: `Order ${i}`, text: 'On its way.' })),
    );
    expect(outcomes.every((o) => o === 'sent')).toBe(true);
  } finally {
    transport.close();
  }
  return { connections: smtp.stats.connections - before.connections, received: smtp.received.length - before.received };
}

describe('SMTP transport', () => {
  it('reuses a bounded pool of connections by default', async () => {
    const { connections, received } = await sendMany(smtp.url, 40);
    expect(received).toBe(40);
    expect(connections).toBeGreaterThan(0);
    expect(connections).toBeLessThanOrEqual(SMTP_POOL_CONNECTIONS);
  });

  it('lets SMTP_URL choose: ?pool=false opens one connection per mail, ?maxConnections bounds the pool', async () => {
    expect(await sendMany(`${smtp.url}/?pool=false`, 6)).toEqual({ connections: 6, received: 6 });
    const limited = await sendMany(`${smtp.url}/?maxConnections=2`, 12);
    expect(limited.received).toBe(12);
    expect(limited.connections).toBeLessThanOrEqual(2);
  });
});
