import type { Db } from '../../db/client';
import type { Clock } from '../../lib/time';
import { randomToken } from '../../lib/ids';

/** What the local provider works with: its tables (through db), business time, and the app's origin for its pages. */
export type LocalBooks = { db: Db; clock: Clock; appOrigin: string };

/** Provider-style ids (pi_local_…, ch_local_…) so stored values look like, and never collide with, Stripe's. */
export const localId = (prefix: string) => `${prefix}_local_${randomToken(12)}`;

/** Stripe's answer when an idempotency key is reused for a different request. */
export const IDEMPOTENCY_MISMATCH = 'Keys for idempotent requests can only be used with the same parameters they were first used with.';
