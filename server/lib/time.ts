/** An injectable clock, so tests can move time for expiry, escalation and sweeps. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that runs with real time from a movable offset: tests jump forward (expiry, escalation)
 * while rows stamped by the database's now() still compare sensibly with it.
 */
export class ManualClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  set(date: Date) {
    this.offsetMs = date.getTime() - Date.now();
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
