import type { AppDeps } from '../deps';
import { runBookingSweeps } from '../domains/booking/service/reminders';
import { placeUnlocatedStudios } from '../domains/studios/place-unlocated';
import { renewLocalSubscriptions } from '../domains/payments/renewals';
import { syncGoogleCalendars } from './calendar-sync';
import { deliverDueMail } from './mail';
import { dispatchDueNotificationsFor } from './notifications';
import { reconcilePayments } from './reconcile-payments';

export type Job = {
  name: string;
  intervalMs: number;
  /** Run once as soon as the server starts too (work a previous process left behind). */
  atStart?: boolean;
  run(deps: AppDeps): Promise<unknown>;
};

const NOTIFICATIONS_EVERY_MS = 2000;

/** Every background loop of the server; domains add theirs here. */
export const JOBS: Job[] = [
  { name: 'notifications', intervalMs: NOTIFICATIONS_EVERY_MS, run: (deps) => dispatchDueNotificationsFor(deps, NOTIFICATIONS_EVERY_MS) },
  { name: 'mail', intervalMs: 1000, run: deliverDueMail },
  { name: 'booking', intervalMs: 30_000, run: runBookingSweeps },
  { name: 'local-subscriptions', intervalMs: 60_000, run: renewLocalSubscriptions },
  { name: 'calendar-sync', intervalMs: 20_000, run: syncGoogleCalendars },
  { name: 'reconcile-payments', intervalMs: 60_000, atStart: true, run: reconcilePayments },
  // Studios saved at 0,0 before the embedded ZIP geocoder (decision 028); daily for restored backups.
  { name: 'place-unlocated-studios', intervalMs: 24 * 3_600_000, atStart: true, run: placeUnlocatedStudios },
];

/** Runs each job on its interval, never two runs of one job at once; returns a stop function. */
export function startJobs(deps: AppDeps, jobs: Job[] = JOBS): () => Promise<void> {
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const run = job
        .run(deps)
        .catch((error) => deps.logger.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    if (job.atStart) tick();
    return setInterval(tick, job.intervalMs);
  });
  return async () => {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled([...running]);
  };
}
