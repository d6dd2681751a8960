import pino from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { type Announcer, createAnnouncer } from './lib/announcer';
import type { Clock } from './lib/time';
import { systemClock } from './lib/time';
import { createMailTransport, type MailTransport } from './providers/mail';
import { createEventBus, type EventBus } from './lib/events';
import { createGeocoder, type Geocoder } from './providers/geocoder';
import { createPublicReadLimiter, type PublicReadLimiter } from './http/public-read-limit';
import { createPayments } from './providers/payments';
import type { PaymentsProvider } from './providers/payments/types';
import { createPushProvider, type PushProvider } from './providers/push';
import { createStorage, type Storage } from './providers/storage';

/** Long-lived services shared by every request, job and CLI command. */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  logger: pino.Logger;
  mail: MailTransport;
  events: EventBus;
  /** NOTIFYs of committed writes, coalesced (lib/announcer.ts). */
  announcer: Announcer;
  geocoder: Geocoder;
  storage: Storage;
  push: PushProvider;
  payments: PaymentsProvider;
  /** Signed-out reads per source address (decision 037), in this process's memory. */
  publicReads: PublicReadLimiter;
};

export type DepsOverrides = Partial<Pick<AppDeps, 'clock' | 'logger' | 'mail' | 'geocoder' | 'storage' | 'push' | 'payments'>>;

export function createDeps(config: Config, database: Database, overrides: DepsOverrides = {}): AppDeps {
  const logger = overrides.logger ?? pino({ level: config.logLevel });
  const clock = overrides.clock ?? systemClock;
  return {
    config,
    database,
    db: database.db,
    clock,
    logger,
    mail: overrides.mail ?? createMailTransport(config.mail),
    events: createEventBus(database, logger),
    announcer: createAnnouncer(database.db, logger),
    geocoder: overrides.geocoder ?? createGeocoder(config.geocoderUrl, logger),
    storage: overrides.storage ?? createStorage(config),
    push: overrides.push ?? createPushProvider(config),
    payments: overrides.payments ?? createPayments(config, database.db, clock),
    publicReads: createPublicReadLimiter(config.publicReadLimitPerMinute, clock),
  };
}
