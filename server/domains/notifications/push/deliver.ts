import { eq, inArray } from 'drizzle-orm';
import { type notifications, pushDevices } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { pushPayload, pushTtlSeconds, pushUrgency } from './rules';

export type PushDeliveryOutcome = { devices: number; sent: number; gone: number; failures: unknown[] };

/**
 * Sends one notification to every push device of its user, at once. Devices the push service no
 * longer knows (404/410) are deleted; other failures are returned for the dispatcher to retry.
 */
export async function deliverPush(deps: AppDeps, note: typeof notifications.$inferSelect): Promise<PushDeliveryOutcome> {
  const devices = await deps.db.select().from(pushDevices).where(eq(pushDevices.userId, note.userId));
  const payload = JSON.stringify(pushPayload(note));
  const options = { ttlSeconds: pushTtlSeconds(deps.clock.now(), note.expiresAt), urgency: pushUrgency(note.priority) };
  const results = await Promise.allSettled(devices.map((device) => deps.push.send(device, payload, options)));
  const gone = devices.filter((_, i) => results[i].status === 'fulfilled' && results[i].value === 'gone').map((d) => d.id);
  if (gone.length > 0) await deps.db.delete(pushDevices).where(inArray(pushDevices.id, gone));
  return {
    devices: devices.length,
    sent: results.filter((r) => r.status === 'fulfilled' && r.value === 'sent').length,
    gone: gone.length,
    failures: results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : [])),
  };
}
