import type { Clock } from '../lib/time';

// Signed-out reads are limited per source address (decision 037): the public pages' server render
// and the public tRPC queries, from one token bucket per address, in this process's memory (the
// database throttle, server/auth/throttle.ts, costs a write a request: too dear for reads).
// Generous: PUBLIC_READ_LIMIT_PER_MINUTE (120) tokens, refilled at that rate, so a burst of a whole
// minute's worth passes and a person browsing never meets it; a script reading in a loop does.

export const PUBLIC_READ_LIMIT_MESSAGE = 'Too many requests from your address. Please wait a minute and try again.';

/** Buckets kept at most (least recently used dropped first): bounds the memory a flood of addresses takes. */
const MAX_BUCKETS = 100_000;

export type PublicReadLimiter = {
  /** Takes one token of `ip`'s bucket: the seconds to wait before the next, or 0 when the request may go on. */
  take(ip: string): number;
};

/** A limiter of `perMinute` tokens per address (0: none, every request goes on). */
export function createPublicReadLimiter(perMinute: number, clock: Clock): PublicReadLimiter {
  if (perMinute <= 0) return { take: () => 0 };
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(ip) {
      const now = clock.now().getTime();
      const bucket = buckets.get(ip);
      const tokens = bucket ? Math.min(perMinute, bucket.tokens + Math.max(0, now - bucket.at) * perMs) : perMinute;
      // Re-inserted: the Map's order is then least recently used first.
      buckets.delete(ip);
      if (buckets.size >= MAX_BUCKETS) buckets.delete(buckets.keys().next().value as string);
      if (tokens < 1) {
        buckets.set(ip, { tokens, at: now });
        return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
      }
      buckets.set(ip, { tokens: tokens - 1, at: now });
      return 0;
    },
  };
}
