import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { maintainPglite } from './maintenance';
import { migrate } from './migrate';
import { PGLITE_SHARED_BUFFERS } from './pglite';
import { PGliteRemote } from './pglite-remote';

/**
 * The embedded database on a data directory runs in a worker thread (docs/decisions/056): the
 * same answers, errors and transactions as PGlite in-process, and the event loop free meanwhile.
 */
let dataDir: string;
let database: Database;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siniestros-pglite-remote-'));
  database = await openDatabase({ dataDir });
  await migrate(database);
  await database.db.execute(sql`CREATE TABLE remote_check (n int PRIMARY KEY, t timestamptz DEFAULT now(), d date DEFAULT '2026-01-02')`);
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const count = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM remote_check`))[0]!.n;

describe('PGlite in a worker thread', () => {
  it('is the worker, and answers as PGlite does (drizzle keeps dates and timestamps as text)', async () => {
    expect(database.pglite).toBeInstanceOf(PGliteRemote);
    await database.db.execute(sql`INSERT INTO remote_check (n) VALUES (1)`);
    expect(await rows<{ n: number; t: string; d: string }>(sql`SELECT n, t, d FROM remote_check`)).toEqual([{ n: 1, t: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d/), d: '2026-01-02' }]);
    const raw = await database.pglite!.query<{ d: unknown }>('SELECT d FROM remote_check');
    expect(raw.rows[0]!.d).toBeInstanceOf(Date);
  });

  it('runs durable, with the small shared buffers of decision 056', async () => {
    expect(await rows(sql`SELECT current_setting('fsync') AS fsync, current_setting('shared_buffers') AS shared_buffers`)).toEqual([
      { fsync: 'on', shared_buffers: PGLITE_SHARED_BUFFERS },
    ]);
  });

  it('keeps a transaction to itself: a statement from outside waits until it commits', async () => {
    const order: string[] = [];
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO remote_check (n) VALUES (2)`);
      order.push('inserted');
      await new Promise((resolve) => setTimeout(resolve, 150));
      order.push('committing');
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const outside = count().then((n) => order.push(`outside saw ${n}`));
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['inserted', 'committing', 'outside saw 2']);
  });

  it('rolls back a transaction whose work throws, and carries PostgreSQL errors with their code', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO remote_check (n) VALUES (3)`);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await count()).toBe(2);
    const error = await database.db.execute(sql`INSERT INTO remote_check (n) VALUES (1)`).catch((caught: { cause?: unknown }) => caught.cause);
    expect(error).toMatchObject({ code: '23505', constraint: 'remote_check_pkey' });
    // The failed statement left nothing open: the next transaction works.
    await database.db.transaction((tx) => tx.execute(sql`INSERT INTO remote_check (n) VALUES (4)`));
    expect(await count()).toBe(3);
  });

  it('leaves the event loop free while PostgreSQL works', async () => {
    const started = performance.now();
    let timerAfterMs = 0;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        timerAfterMs = performance.now() - started;
        resolve();
      }, 10),
    );
    await Promise.all([database.db.execute(sql`SELECT pg_sleep(0.4)`), timer]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(timerAfterMs).toBeLessThan(200);
  });

  it('keeps the plan of a named statement (PREPAREd once, run with EXECUTE)', async () => {
    const statement = database.db
      .select({ n: sql<number>`n` })
      .from(sql`remote_check`)
      .where(sql`n = ${sql.placeholder('n')}`)
      .prepare('remote_check_by_n');
    expect(await statement.execute({ n: 2 })).toEqual([{ n: 2 }]);
    expect(await statement.execute({ n: 4 })).toEqual([{ n: 4 }]);
    const prepared = await database.pglite!.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
    expect(prepared.rows.map((row) => row.name)).toContain('remote_check_by_n');
  });

  it('vacuums and analyzes every table (PGlite runs no autovacuum)', async () => {
    const reltuples = async () =>
      (await database.pglite!.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'remote_check'`)).rows[0]!.reltuples;
    expect(await reltuples()).toBe(-1);
    expect(await maintainPglite(database)).toEqual(expect.any(Number));
    expect(await reltuples()).toBe(3);
  });
});
