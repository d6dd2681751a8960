import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_BATCH_SIZE } from '../../server/app';
import { acquireDataDirLock } from '../../server/db/client';
import { mailOutbox } from '../../server/db/schema';
import { deliverDueMail } from '../../server/jobs/mail';
import { createUser, signIn } from '../support/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../support/smtp';
import { type TestServer, startTestServer } from '../support/server';

/** Asks for a password reset and waits for its mail in the outbox (written just after the answer). */
async function requestResetMail(server: TestServer, email: string) {
  await server.client().auth.requestPasswordReset.mutate({ email });
  await vi.waitFor(async () => expect(await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(1), { timeout: 5000, interval: 20 });
}

describe('with a real SMTP server on loopback', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'InkLink <no-reply@inklink.test>' } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends the reset e-mail; following its link sets a new password', async () => {
    const user = await createUser({}, server.deps.db);
    await requestResetMail(server, user.email);
    expect(await deliverDueMail(server.deps)).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes(user.email));
    expect(mail?.raw).toContain('Subject: Reset your InkLink password');
    const token = decodeQuotedPrintable(mail?.raw ?? '').match(/forgot-password\?token=([a-z0-9]+)/)?.[1];
    expect(token).toBeTruthy();
    await server.client().auth.resetPassword.mutate({ token: token ?? '', password: 'from the mail link' });
    expect(await signIn(server.client(), { email: user.email, password: 'from the mail link' })).toMatchObject({ id: user.id });
    const [row] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(row.status).toBe('sent');
  });
});

describe('mail outbox without SMTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('keeps the mail in the outbox as stored, and a second dispatcher finds nothing to send', async () => {
    const user = await createUser({}, server.deps.db);
    await requestResetMail(server, user.email);
    const [first, second] = await Promise.all([deliverDueMail(server.deps), deliverDueMail(server.deps)]);
    expect(first + second).toBe(1);
    const [row] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(row.status).toBe('stored');
    expect(row.text).toContain('/forgot-password?token=');
  });

  it("logs a stored mail's text on a loopback origin (the local inbox), and only its subject on a public one", async () => {
    const logged: Array<{ to?: string; subject?: string; text?: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const local = await createUser({}, server.deps.db);
    await requestResetMail(server, local.email);
    await deliverDueMail({ ...server.deps, logger });
    expect(logged.find((line) => line.to === local.email)?.text).toContain('/forgot-password?token=');

    const remote = await createUser({}, server.deps.db);
    await requestResetMail(server, remote.email);
    await deliverDueMail({ ...server.deps, logger, config: { ...server.deps.config, appOrigin: 'https://inklink.example' } });
    const line = logged.find((entry) => entry.to === remote.email);
    expect(line?.subject).toBe('Reset your InkLink password');
    expect(line).not.toHaveProperty('text');
  });

  it('delivers a queued mail in the next run even when the app clock is behind the database clock', async () => {
    const user = await createUser({}, server.deps.db);
    server.clock.advance(-5000);
    try {
      await requestResetMail(server, user.email);
      expect(await deliverDueMail(server.deps)).toBe(1);
    } finally {
      server.clock.advance(5000);
    }
  });

  it('answers /healthz with ok', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it(`refuses a batch of more than ${MAX_BATCH_SIZE} calls`, async () => {
    const paths = Array.from({ length: MAX_BATCH_SIZE + 1 }, () => 'auth.me').join(',');
    const input = encodeURIComponent(JSON.stringify({}));
    const response = await fetch(`${server.url}/trpc/${paths}?batch=1&input=${input}`);
    expect(response.status).toBe(400);
  });

  it('accepts a batch at the limit', async () => {
    const paths = Array.from({ length: MAX_BATCH_SIZE }, () => 'auth.me').join(',');
    const response = await fetch(`${server.url}/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`);
    expect(response.status).toBe(200);
  });

  it('refuses a JSON body over the limit with 413', async () => {
    const response = await fetch(`${server.url}/trpc/contact.send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ json: { message: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(response.status).toBe(413);
  });

  it('answers an unknown procedure with NOT_FOUND, and malformed JSON without a 500', async () => {
    expect((await fetch(`${server.url}/trpc/nope.nothing`)).status).toBe(404);
    const response = await fetch(`${server.url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: '{"json": {',
    });
    expect(response.status).toBeLessThan(500);
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores a contact message and mails the admins', async () => {
    await createUser({ userTypes: ['client', 'AppAdmin'], email: 'ops@inklink.test' }, server.deps.db);
    const result = await server.client().contact.send.mutate({
      name: 'Sam',
      email: 'sam@example.com',
      subject: 'Studio plan',
      message: 'Do you offer a plan for five artists?',
    });
    expect(result).toEqual({ ok: true });
    const mails = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ops@inklink.test'));
    expect(mails[0]?.subject).toBe('Contact form: Studio plan');
  });

  it('updates the profile with live display-name availability', async () => {
    const user = await createUser({}, server.deps.db);
    const other = await createUser({}, server.deps.db);
    const client = server.client();
    await signIn(client, user);
    expect(await client.user.isDisplayNameAvailable.query({ displayName: other.displayName.slice(1).toUpperCase() })).toEqual({
      available: false,
      displayName: `@${other.displayName.slice(1).toUpperCase()}`,
    });
    expect((await client.user.isDisplayNameAvailable.query({ displayName: user.displayName })).available).toBe(true);
    const me = await client.user.update.mutate({ displayName: 'fresh_name_42', city: 'Austin', socials: { instagram: '@fresh' } });
    expect(me).toMatchObject({ displayName: '@fresh_name_42', city: 'Austin', socials: { instagram: '@fresh' } });
    const clash = client.user.update.mutate({ displayName: other.displayName });
    await expect(clash).rejects.toThrow('Display name is already taken');
  });
});

describe('embedded database directory lock', () => {
  it('refuses a second process on the same data directory with a clear message, and takes over a stale lock', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-lock-'));
    fs.writeFileSync(path.join(dir, 'inklink.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another InkLink process \(pid \d+\)/);
    fs.writeFileSync(path.join(dir, 'inklink.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'inklink.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'inklink.lock'))).toBe(false);
  });
});
