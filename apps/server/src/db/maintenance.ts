import type { Database } from './client';

/** How often the embedded database's tables are vacuumed and analyzed (and once at start). */
export const PGLITE_MAINTENANCE_MS = 6 * 3600_000;

/**
 * PostgreSQL's autovacuum, which PGlite does not run: PGlite is PostgreSQL in single-user mode,
 * with no autovacuum worker and no table counters to trigger one, so a database filled through
 * the app never had statistics (pg_class.reltuples stays -1, pg_statistic empty) and never
 * reclaimed its dead rows (docs/decisions/056). Here each table of the public schema gets
 * `VACUUM (ANALYZE)` in a statement of its own, so requests run in between. Returns the seconds
 * it took; PostgreSQL has autovacuum and skips it.
 */
export async function maintainPglite(database: Database): Promise<number | null> {
  if (database.kind !== 'pglite') return null;
  const started = performance.now();
  const { rows } = await database.pglite!.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  for (const { name } of rows) await database.pglite!.exec(`VACUUM (ANALYZE) ${name}`);
  return Math.round(performance.now() - started) / 1000;
}
