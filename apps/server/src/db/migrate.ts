import path from 'node:path';
import pg from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import { SERVER_DIR } from '../paths';
import type { Database } from './client';
import { ADVISORY_LOCK } from './locks';

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');

/**
 * Brings the database to the latest migration. On PostgreSQL several nodes may start at once:
 * the migrations run on one connection that holds the MIGRATIONS advisory lock, so a node waits
 * for the one migrating and then finds nothing left to do (docs/decisions/046). PGlite belongs to
 * one process (its directory is locked), so it needs no lock.
 */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  // Its own connection, without the app's statement timeout: a migration that builds an index over
  // every case takes ~20 s at 1M cases and minutes at 10M (docs/operations.md), and cancelled at 15 s
  // the node could never start.
  const migrator = new pg.Pool({ ...database.pool!.options, max: 1, statement_timeout: 0, query_timeout: 0 });
  try {
    const client = await migrator.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCK.MIGRATIONS]);
      try {
        await migratePg(drizzle({ client }), config);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK.MIGRATIONS]);
      }
    } finally {
      client.release();
    }
  } finally {
    await migrator.end();
  }
}
