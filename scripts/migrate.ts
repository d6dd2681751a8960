import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';

// `npm run db:migrate`: apply the committed migrations to DATABASE_URL, or the embedded database.
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}).`);
} finally {
  await database.close();
}
