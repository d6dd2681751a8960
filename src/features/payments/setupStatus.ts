// What /payment-setup's route reads outside its page's code (its search and its loader's query), in
// a module of its own: the route file's non-split part is in the app's entry.

export type PaymentSetupSearch = { userId?: string; steps?: string; context?: string };

/** The status /payment-setup shows, refreshed from the provider: its route's loader loads it. */
export const SETUP_STATUS_INPUT = { refresh: true };
