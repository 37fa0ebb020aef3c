import { defineConfig } from 'vitest/config';

const pg = process.env.TEST_DATABASE_URL;
/** two server processes on one database, their MQTT brokers joined through Redis: PostgreSQL and Redis only */
const CLUSTER_TEST = 'test/messages-cluster.test.ts';

/**
 * Unit and API tests. The server suite runs on PGlite always and again on PostgreSQL when TEST_DATABASE_URL is set
 * (.ci/run sets it). Browser tests are Playwright's (packages/e2e).
 */
export default defineConfig({
  test: {
    // PGlite runs on the CPU: two workers on two cores halve the server suite's time
    maxWorkers: 2,
    projects: [
      // the architecture rules of eslint.config.js, proved on planted imports
      { test: { name: 'lint', root: '.', include: ['scripts/**/*.test.mjs'], testTimeout: 60_000 } },
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [CLUSTER_TEST],
          globalSetup: ['test/global-setup.ts'],
          // a worker keeps its loaded modules from file to file: each file boots its own server on its own database,
          // and module state is keyed by database, so loading the server's module graph again per file bought nothing
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_BACKEND: 'pglite' },
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'packages/server',
                include: ['test/**/*.test.ts'],
                // the lock guards the embedded database's directory; PostgreSQL has none
                exclude: ['test/lock.test.ts', ...(process.env.TEST_REDIS_URL ? [] : [CLUSTER_TEST])],
                globalSetup: ['test/global-setup.ts'],
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { TEST_BACKEND: 'postgres' },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
