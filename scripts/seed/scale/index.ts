import { sql } from 'drizzle-orm';
import { hashPassword } from '../../../server/auth/passwords';
import type { AppDeps } from '../../../server/deps';
import { CREATE_SID, SCALE_SHAPE, SCALE_STATEMENTS } from './statements';

export { scaleId, sidExpr } from './statements';

/** Studios per transaction: big enough to be fast, small enough to keep each transaction modest. */
const CHUNK = 5000;
export const SCALE_PASSWORD = 'scale-password';

export type ScaleOptions = { seed?: number; log?: (line: string) => void };

/**
 * `npm run seed -- --scale N [--seed S]`: N studios with proportional users, memberships, artist
 * profiles, image metadata, storefronts with products and orders, threads with messages and
 * notifications (see SCALE_SHAPE), generated inside the database in chunks, so 100,000 studios
 * take a couple of minutes. Deterministic: the same N and seed give the same rows; re-running adds
 * nothing. Every generated account signs in with SCALE_PASSWORD (e.g. owner.1@scale.inklink.test).
 */
export async function runScaleSeed(deps: AppDeps, studios: number, options: ScaleOptions = {}) {
  const log = options.log ?? console.log;
  const seed = options.seed ?? 1;
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const started = Date.now();
  log(`scale seed: ${studios} studios, seed ${seed}; per studio: ${SCALE_SHAPE}`);
  for (let from = 1; from <= studios; from += CHUNK) {
    const to = Math.min(studios, from + CHUNK - 1);
    await deps.db.transaction(async (tx) => {
      await tx.execute(CREATE_SID);
      for (const statement of SCALE_STATEMENTS) await tx.execute(statement({ from, to, seed, passwordHash }));
    });
    const rate = Math.round(to / ((Date.now() - started) / 1000));
    log(`scale seed: ${to}/${studios} studios (${rate}/s)`);
  }
  // Vacuum sets the visibility map, so index-only scans (studio search) skip the heap.
  await deps.db.execute(sql`vacuum analyze`);
  log(`scale seed: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
