import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDeps, type AppDeps, type DepsOverrides } from '../../server/deps';
import { ManualClock } from '../../server/lib/time';
import { createTestClient } from './client';
import { createTestDatabase } from './databases';

export type TestServer = {
  url: string;
  deps: AppDeps;
  clock: ManualClock;
  client: (options?: { batch?: boolean; origin?: string }) => ReturnType<typeof createTestClient>;
  close(): Promise<void>;
};

/**
 * The app on its own database, listening on a free loopback port, with a manual clock and no
 * background loops (tests drive jobs by calling them).
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    overrides?: DepsOverrides;
    serveClient?: boolean;
    clientDir?: string;
    /** Listen on this port and host (e2e needs a known origin before start); default: any free port on 127.0.0.1. */
    port?: number;
    host?: string;
  } = {},
): Promise<TestServer> {
  const testDb = await createTestDatabase();
  // Uploaded files go to a throwaway directory, never into the working tree.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklink-test-data-'));
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env }), jobs: false };
  const clock = new ManualClock();
  const deps = createDeps(config, testDb.database, { clock, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), ...options.overrides });
  await deps.events.start();
  const app = await buildApp(deps, { serveClient: options.serveClient ?? false, clientDir: options.clientDir });
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = options.port ? config.appOrigin : `http://127.0.0.1:${port}`;
  return {
    url,
    deps,
    clock,
    client: (clientOptions) => createTestClient(url, clientOptions),
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
