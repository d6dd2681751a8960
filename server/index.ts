import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { createDeps } from './deps';
import { startJobs } from './jobs';

/** Starts InkLink: database (migrated), background jobs, HTTP server; stops cleanly on signals. */
export async function startServer() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: config.databasePoolSize });
  await runMigrations(database);
  const deps = createDeps(config, database);
  await deps.events.start();
  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  const stopJobs = config.jobs ? startJobs(deps) : async () => {};
  deps.logger.info(
    { database: database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'postgresql', origin: config.appOrigin },
    `InkLink is listening on ${config.appOrigin}`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await stopJobs();
    await deps.events.stop();
    deps.mail.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
