import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { randomToken } from '../lib/ids';
import { DAY, HOUR } from '../lib/time';
import type { SessionCache, SessionRow } from './session-cache';

// Sessions after Lucia's guide (the lucia package itself is deprecated): the token is
// `<id>.<secret>`, only SHA-256(secret) is stored and compared in constant time; expiry slides with
// activity and is capped absolutely from creation.

export const SESSION_IDLE_TIMEOUT_MS = 10 * DAY;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 30 * DAY;
/** lastVerifiedAt is written at most this often, so reads stay reads. */
export const SESSION_ACTIVITY_INTERVAL_MS = HOUR;

export type SessionUser = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type ValidSession = { session: Session; user: SessionUser; refreshed: boolean };

// On @oslojs/crypto, as Lucia's session guide (the customer's choice of library; the same hashing
// as the password-reset tokens in domains/auth/service.ts).
const utf8 = new TextEncoder();
const secretDigest = (secret: string) => sha256(utf8.encode(secret));
const hashSecret = (secret: string) => encodeHexLowerCase(secretDigest(secret));

/**
 * The stored hash as the 32 bytes it spells, decoded once per session row (a cached row serves
 * many reads), so that each request compares digests without writing its own in hex first — that
 * text and its encodings were most of the session check's allocations. A stored hash that is not
 * hex matches nothing.
 */
const storedDigests = new WeakMap<Session, Uint8Array>();
const NO_DIGEST = new Uint8Array(0);
function storedDigest(session: Session): Uint8Array {
  let digest = storedDigests.get(session);
  if (digest === undefined) {
    digest = /^[0-9a-f]{64}$/.test(session.secretHash) ? decodeHex(session.secretHash) : NO_DIGEST;
    storedDigests.set(session, digest);
  }
  return digest;
}

export async function createSession(
  db: Db,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null; now: Date },
): Promise<{ session: Session; token: string }> {
  const id = randomToken(15);
  const secret = randomToken(20);
  const [session] = await db
    .insert(sessions)
    .values({
      id,
      secretHash: hashSecret(secret),
      userId,
      createdAt: meta.now,
      lastVerifiedAt: meta.now,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    })
    .returning();
  return { session, token: `${id}.${secret}` };
}

// Every request validates its session, so the lookup is a prepared statement.
const sessionLookup = (db: Db) =>
  prepared(db, 'session_lookup', (d) =>
    d
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('session_lookup'),
  );

/**
 * Checks a session token. With a cache (reads only; see session-cache.ts) a recently validated row
 * may stand in for the lookup; the secret, expiry and account checks run every time regardless.
 */
export async function validateSessionToken(db: Db, token: string, now: Date, cache?: SessionCache): Promise<ValidSession | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const row = cache?.get(id) ?? (await lookupSession(db, id, cache));
  if (!row) return null;
  if (!constantTimeEqual(storedDigest(row.session), secretDigest(secret))) return null;

  const { session, user } = row;
  const idle = now.getTime() - session.lastVerifiedAt.getTime();
  const age = now.getTime() - session.createdAt.getTime();
  if (idle >= SESSION_IDLE_TIMEOUT_MS || age >= SESSION_ABSOLUTE_TIMEOUT_MS || user.deleted || user.disabled) {
    cache?.evictSession(session.id);
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (idle >= SESSION_ACTIVITY_INTERVAL_MS) {
    cache?.evictSession(session.id);
    await db.update(sessions).set({ lastVerifiedAt: now }).where(eq(sessions.id, session.id));
    return { session: { ...session, lastVerifiedAt: now }, user, refreshed: true };
  }
  return { session, user, refreshed: false };
}

async function lookupSession(db: Db, id: string, cache?: SessionCache): Promise<SessionRow | undefined> {
  const generation = cache?.generation() ?? 0;
  const [row] = await sessionLookup(db).execute({ id });
  if (row) cache?.set(id, row, generation);
  return row;
}

/** When the cookie should expire: the sooner of the idle and the absolute limits. */
export function sessionExpiresAt(session: Pick<Session, 'createdAt' | 'lastVerifiedAt'>): Date {
  return new Date(
    Math.min(session.lastVerifiedAt.getTime() + SESSION_IDLE_TIMEOUT_MS, session.createdAt.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
  );
}

export async function invalidateSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  const where = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
  const removed = await db.delete(sessions).where(where).returning({ id: sessions.id });
  return removed.length;
}
