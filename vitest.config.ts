import { defineConfig } from 'vitest/config';

// One suite, run on both databases: TEST_DB=pglite (default) or TEST_DB=postgres
// (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; each test file creates
// and drops its own database).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          globalSetup: ['test/helpers/global-setup.ts'],
          include: ['engine/test/**/*.test.ts', 'server/test/**/*.test.ts', 'plugins/**/*.test.ts'],
          testTimeout: 60_000,
          // a file that starts an app of the other database (realtime's two PostgreSQL processes in
          // the PGlite run) may build that database's seeded template first: minutes on a busy machine
          hookTimeout: 300_000,
          pool: 'forks',
          maxWorkers: 2,
          // a worker keeps its modules from one file to the next (no test mocks a module; each
          // file starts its own app and database): module imports went from 201 s to 18 s of the
          // PGlite run (decision 0201)
          isolate: false,
        },
      },
      {
        // The renderer's generic pieces (cell formatting, numeric input, validation words) in a
        // DOM of happy-dom: no server, no database, no browser (the e2e project covers those).
        test: {
          name: 'renderer',
          include: ['renderer/test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'e2e',
          globalSetup: ['test/helpers/global-setup.ts'],
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        // Isolation matrix, concurrency, hostile input and faults (docs/reliability.md);
        // RELIABILITY_QUICK=1 for the short form.
        test: {
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 600_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
