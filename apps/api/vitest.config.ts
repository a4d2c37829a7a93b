import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files that start real server processes and measure them under faults or load (the scale
 * demo, a database outage, a drain, instances racing at start-up, embedded servers started and
 * killed). They run after the others, one at a time, so a second worker's load never decides
 * their timing.
 */
const ALONE = [
  'test/scale-demo.test.ts',
  'src/db/db-outage.test.ts',
  'src/server-drain.test.ts',
  'src/db/startup-lock.test.ts',
  'src/db/embedded-server.test.ts',
];

/** What both projects share; not `extends: true`, which would run the global setup once per project. */
const common = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
};
const commonTest = {
  environment: 'node' as const,
  setupFiles: ['test/helpers/setup-file.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  ...common,
  test: {
    // Once per run, for both projects: the run's PostgreSQL server (TEST_DATABASE_URL or an embedded
    // one) and the migrated template every test file copies.
    globalSetup: ['test/helpers/global-setup.ts'],
    projects: [
      {
        ...common,
        test: {
          ...commonTest,
          name: 'api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ALONE,
          // At least two workers (vitest's default leaves a core to itself: one worker on two cores),
          // and the app's modules loaded once per worker, not once per file (that import was half of
          // the suite's time). Every file opens its own database and app; test/helpers/setup-file.ts
          // puts back the one module state a file may change (the clock).
          maxWorkers: Math.max(2, availableParallelism() - 1),
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        ...common,
        test: {
          ...commonTest,
          name: 'api-alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
