import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { createDeps, type AppDeps, type DepsOverrides } from '../../server/deps';
import { ManualClock } from '../../server/lib/time';
import { createTestClient } from './client';
import { createTestDatabase, type TestDatabase } from './databases';

/** A port that was free a moment ago (the OS's pick for port 0). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type TestServer = {
  url: string;
  deps: AppDeps;
  clock: ManualClock;
  client: (options?: { batch?: boolean; origin?: string }) => ReturnType<typeof createTestClient>;
  /** A client of the admin console: its requests carry the admin origin's Host and Origin. */
  adminClient: (options?: { batch?: boolean }) => ReturnType<typeof createTestClient>;
  close(): Promise<void>;
};

/**
 * The app on its own database, listening on a free loopback port, with a manual clock and no
 * background loops (tests drive jobs by calling them).
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    /** Settings the environment does not carry (short HTTP limits for the slow-client tests). */
    config?: Partial<Config>;
    overrides?: DepsOverrides;
    serveClient?: boolean;
    clientDir?: string;
    /** The server bundle that renders pages (default dist/server). */
    serverDir?: string;
    /** Listen on this port and host (e2e needs a known origin before start); default: any free port on 127.0.0.1. */
    port?: number;
    host?: string;
    /** A database another server of the test also uses (the test drops it); default: a new one, dropped on close. */
    database?: TestDatabase;
  } = {},
): Promise<TestServer> {
  const testDb = options.database ? { ...options.database, drop: async () => {} } : await createTestDatabase();
  // Uploaded files go to a throwaway directory, never into the working tree.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-test-data-'));
  // The origins must be known before the app is built (the cross-site check and the admin host
  // compare with them), so the port is chosen first: the app on 127.0.0.1, the admin console on
  // admin.localhost of the same port (its clients send that Host to 127.0.0.1).
  // The port was free a moment ago; another worker's socket may take it before we listen, so a
  // server whose port was chosen here is built again on another one (its origins name the port).
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const origins = { APP_ORIGIN: `http://127.0.0.1:${port}`, ADMIN_ORIGIN: `http://admin.localhost:${port}` };
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_READ_LIMIT_PER_MINUTE: '0', ...origins, ...options.env }),
      jobs: false,
      ...options.config,
    };
    const clock = new ManualClock();
    const deps = createDeps(config, testDb.database, {
      clock,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      ...options.overrides,
    });
    await deps.events.start();
    const app = await buildApp(deps, {
      serveClient: options.serveClient ?? false,
      clientDir: options.clientDir,
      serverDir: options.serverDir,
    });
    try {
      await app.listen({ port, host: options.host ?? '127.0.0.1' });
    } catch (error) {
      await app.close();
      await deps.events.stop();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && !options.port && attempt < 5) continue;
      throw error;
    }
    return serverHandle({ port, config, deps, clock, app, testDb, dataDir, fixedPort: Boolean(options.port) });
  }
}

function serverHandle({
  port,
  config,
  deps,
  clock,
  app,
  testDb,
  dataDir,
  fixedPort,
}: {
  port: number;
  config: Config;
  deps: AppDeps;
  clock: ManualClock;
  app: Awaited<ReturnType<typeof buildApp>>;
  testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  dataDir: string;
  fixedPort: boolean;
}): TestServer {
  const url = fixedPort ? config.appOrigin : `http://127.0.0.1:${port}`;
  return {
    url,
    deps,
    clock,
    client: (clientOptions) => createTestClient(url, clientOptions),
    adminClient: (clientOptions) =>
      createTestClient(`http://127.0.0.1:${port}`, {
        ...clientOptions,
        origin: config.adminOrigin,
        host: new URL(config.adminOrigin).host,
      }),
    async close() {
      await app.close();
      await deps.events.stop();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One server per test file: `const server = useTestServer();` then `server.client()` in tests. */
export function useTestServer(options?: Parameters<typeof startTestServer>[0]): TestServer {
  const handle = {} as TestServer;
  beforeAll(async () => {
    Object.assign(handle, await startTestServer(options));
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}
