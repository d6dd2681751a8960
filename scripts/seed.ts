import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { createDeps } from '../server/deps';
import { runDemoSeed } from './seed/demo/index';

// `npm run seed -- --demo` fills the configured database (embedded by default) with demo data and
// prints the demo accounts. `--scale N [--seed S]` is the benchmark generator (deterministic per seed).

const { values } = parseArgs({ options: { demo: { type: 'boolean' }, scale: { type: 'string' }, seed: { type: 'string' } }, allowPositionals: false });

if (!values.demo && !values.scale) {
  console.error('Usage: npm run seed -- --demo | --scale N [--seed S]');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  const deps = createDeps(config, database);
  if (values.scale) {
    const { runScaleSeed } = await import('./seed/scale/index');
    const studios = Number.parseInt(values.scale, 10);
    if (!/^\d+$/.test(values.scale) || studios < 1) throw new Error('--scale takes a whole number of studios, e.g. --scale 1000');
    const seed = values.seed === undefined ? 1 : Number(values.seed);
    if (!Number.isInteger(seed)) throw new Error('--seed takes a whole number, e.g. --seed 7');
    await runScaleSeed(deps, studios, { seed });
  }
  if (values.demo) {
    const accounts = await runDemoSeed(deps);
    console.log('\nDemo accounts (sign in at /login):');
    console.table(accounts.map((a) => ({ role: a.role, email: a.email, password: a.password })));
  }
  // The seed's change notices go out before the database closes, not into a closing one.
  await deps.announcer.flush();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
