import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knownDevices } from '../db/schema';
import { randomToken } from '../lib/ids';
import { hashToken } from './tokens';

// OWASP's device cookies: a browser that signed in to an account once carries a random token
// whose hash is stored for that account. Sign-in attempts from such a browser are limited per
// device, not per account, so a wrong-password flood from elsewhere cannot lock its owner out
// (docs/decisions/016-sign-in-lock-out-policy.md). One cookie serves every account of a browser.

export async function isKnownDevice(db: Db, userId: string, token: string | null | undefined): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.tokenHash, hashToken(token))));
  return Boolean(row);
}

/** Records a successful sign-in from this browser; returns the token its cookie must carry. */
export async function rememberDevice(db: Db, userId: string, token: string | null | undefined, now: Date): Promise<string> {
  const deviceToken = token && token.length <= 100 ? token : randomToken(32);
  await db
    .insert(knownDevices)
    .values({ userId, tokenHash: hashToken(deviceToken), createdAt: now, lastSignInAt: now })
    .onConflictDoUpdate({ target: [knownDevices.tokenHash, knownDevices.userId], set: { lastSignInAt: sql`excluded.last_sign_in_at` } });
  return deviceToken;
}

/** After a password reset every browser must prove itself again. */
export async function forgetDevices(db: Db, userId: string) {
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}
