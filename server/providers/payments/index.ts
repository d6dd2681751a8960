import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/time';
import { createLocalPayments } from './local';
import { createStripePayments } from './stripe';
import type { PaymentsProvider } from './types';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the local provider in our own database. */
export function createPayments(config: Config, db: Db, clock: Clock): PaymentsProvider {
  if (config.stripe.secretKey) return createStripePayments({ secretKey: config.stripe.secretKey, apiUrl: config.stripe.apiUrl });
  return createLocalPayments({ db, clock, appOrigin: config.appOrigin });
}
