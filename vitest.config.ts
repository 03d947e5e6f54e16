import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Browser test files run side by side (E2E_WORKERS=1: one at a time, as before). */
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/**
 * Server files that run on PGlite only (docs/operations.md, "Test suite time"): nothing they assert
 * depends on the database, so a second run on PostgreSQL would repeat them exactly. Every file
 * whose answers come from SQL (repositories, counters, triggers, searches, paging, locks,
 * migrations, backups, the demo loader, sessions and the role and object checks) runs on both.
 */
const PGLITE_ONLY = [
  // No test database at all: pure functions, the lockfile, the PGlite worker on a directory of its own.
  'apps/server/src/config.test.ts',
  'apps/server/src/paths.test.ts',
  'apps/server/src/shared/concurrency.test.ts',
  'apps/server/src/shared/office-pdf.test.ts',
  'apps/server/src/db/client.test.ts',
  'apps/server/src/db/primary.test.ts',
  'apps/server/src/db/pglite-remote.test.ts',
  'apps/server/src/features/casos/casos.export.sheet.test.ts',
  'apps/server/test/engines.test.ts',
  // The HTTP layer before or beside any query: headers and CSRF, slow bodies, answers given before
  // the body, path spellings, unknown paths, the OpenAPI document, the web app's cache headers.
  'apps/server/test/security/headers-csrf.test.ts',
  'apps/server/test/security/body-timeout.test.ts',
  'apps/server/test/security/early-answers.test.ts',
  'apps/server/test/security/path-spellings.test.ts',
  'apps/server/test/security/unknown-paths.test.ts',
  'apps/server/test/openapi.test.ts',
  'apps/server/test/web-cache.test.ts',
  'apps/server/test/portal-page.test.ts',
];
// A renamed or split file must not silently start running twice again.
const missing = PGLITE_ONLY.filter((file) => !fs.existsSync(path.join(import.meta.dirname, file)));
if (missing.length > 0) throw new Error(`vitest.config.ts: PGLITE_ONLY names files that do not exist: ${missing.join(', ')}`);

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    // Fault injection (outages, signals) runs on its own: `npm run test:faults`.
    exclude: [...configDefaults.exclude, 'apps/server/test/faults/**', ...(database === 'postgres' ? PGLITE_ONLY : [])],
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
    // `.ci/run` sets TEST_TIMES_FILE: each file's time goes there and the slowest are printed at the end.
    ...(process.env.TEST_TIMES_FILE ? { reporters: ['default', './.ci/file-times-reporter.ts'] } : {}),
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
          // expect.poll waits up to 1 s by default: a screen on a busy 2-core machine takes longer
          // to answer (asignacion's 'Mis casos' missed it in a fresh-clone run).
          expect: { poll: { timeout: 15_000 } },
          // Two files at a time, each worker with a server of its own (e2e/global-setup.ts): one
          // journey waits on the browser and the network about half the time (docs/operations.md).
          maxWorkers: e2eWorkers,
          fileParallelism: e2eWorkers > 1,
          env: { E2E_SERVERS: String(e2eWorkers) },
        },
      },
    ],
  },
});
