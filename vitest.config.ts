import { defineConfig } from 'vitest/config';

// The suites: unit (pure rules and inputs), integration (real database, real HTTP), security, e2e
// (headless Chromium against the built app). `npm test` runs them all via scripts/test.ts.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts', 'test/support/e2e-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        // Timing measurements on demand (`npx vitest run --project measure`); never part of `npm test`.
        test: {
          name: 'measure',
          include: ['bench/measure/**/*.measure.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
