import { configDefaults, defineConfig } from 'vitest/config';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    // Fault injection (outages, signals) runs on its own: `npm run test:faults`.
    exclude: [...configDefaults.exclude, 'apps/server/test/faults/**'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/setup.ts'],
    env: { TEST_DB: database },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] } },
      {
        // Components rendered in jsdom (the browser journeys are the e2e project's).
        test: { name: 'web', include: ['apps/web/src/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['apps/web/test-setup.ts'], testTimeout: 60_000 },
      },
      serverProject('server', 'pglite'),
      ...(hasPostgres ? [serverProject('server-pg', 'postgres')] : []),
      {
        test: {
          name: 'faults',
          include: ['apps/server/test/faults/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks' as const,
          fileParallelism: false,
        },
      },
      {
        // The benchmark's smoke run (2,000 PGlite cases), so `npm run bench` cannot rot.
        test: { name: 'bench', include: ['bench/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 120_000, pool: 'forks' as const },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
