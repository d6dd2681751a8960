import type { AppDeps } from '../../../server/deps';
import { seedAccounts } from './accounts';
import { seedArtists } from './artists';
import { seedBlog } from './blog';
import { seedBooking } from './booking';
import { seedCommerce } from './commerce';
import { seedMessaging } from './messaging';
import { seedPayments } from './payments';
import { seedStudios } from './studios';

/** What each domain's demo seed receives; accounts collects the logins printed at the end. */
export type DemoSeedContext = {
  deps: AppDeps;
  log(line: string): void;
  accounts: Array<{ role: string; email: string; password: string }>;
  /** Users created by the accounts seed, by role, for later seeds to build on. */
  users: Record<'client' | 'artist' | 'owner' | 'admin', { id: string; email: string; displayName: string }>;
};

export type DemoSeed = { name: string; run(ctx: DemoSeedContext): Promise<void> };

/** Domain seeds run in this order; each domain appends one line. */
export const DEMO_SEEDS: DemoSeed[] = [
  { name: 'studios', run: seedStudios },
  { name: 'artists', run: seedArtists },
  { name: 'messaging', run: seedMessaging },
  { name: 'payments', run: seedPayments },
  { name: 'booking', run: seedBooking },
  { name: 'storefronts', run: seedCommerce },
  { name: 'blog', run: seedBlog },
];

/** Idempotent: re-running finds the demo accounts and skips what exists. */
export async function runDemoSeed(deps: AppDeps, log: (line: string) => void = console.log) {
  const ctx = { deps, log, accounts: [] } as unknown as DemoSeedContext;
  ctx.users = await seedAccounts(ctx);
  for (const seed of DEMO_SEEDS) {
    log(`Seeding ${seed.name}…`);
    await seed.run(ctx);
  }
  return ctx.accounts;
}
