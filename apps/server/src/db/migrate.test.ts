import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup';
import { openDatabase } from './client';
import { migrate, MIGRATIONS_DIR } from './migrate';

/**
 * Nodes starting together (docs/decisions/046): several migrators on one fresh PostgreSQL
 * database all succeed and the migrations run once each. Without the advisory lock two of them
 * race on drizzle's own table and on the first CREATE statements (tried: one fails).
 */
const isPostgres = process.env.TEST_DB === 'postgres';
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

/** A fresh database on the test server for `use`, dropped afterwards. */
async function withFreshDatabase(use: (url: string) => Promise<void>) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${inject('pgRunPrefix')}mig_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    await use(withDatabase(adminUrl, name));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function appliedMigrations(url: string) {
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    const { rows } = await check.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations');
    return rows[0];
  } finally {
    await check.end();
  }
}

describe.runIf(isPostgres)('migrations on several nodes at once', () => {
  it('three migrators started together on a fresh database all succeed, each migration applied once', async () => {
    for (let round = 0; round < 3; round++) {
      await withFreshDatabase(async (url) => {
        const nodes = await Promise.all([1, 2, 3].map(() => openDatabase({ url, poolMax: 2 })));
        try {
          const results = await Promise.allSettled(nodes.map((node) => migrate(node)));
          expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
          expect(await appliedMigrations(url)).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
        } finally {
          await Promise.all(nodes.map((node) => node.close()));
        }
      });
    }
  });

  it("migrates without the app's statement timeout, which still holds for the app's own statements", async () => {
    // An index over every case takes minutes at 10M cases; here a 1 ms timeout stands for it.
    await withFreshDatabase(async (url) => {
      const node = await openDatabase({ url, poolMax: 2, statementTimeoutMs: 1 });
      try {
        await migrate(node);
        expect(await appliedMigrations(url)).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
        // 57014 is query_canceled. With a 1 ms timeout on a busy machine PostgreSQL has worded this
        // same cancel "due to user request" (in CI and in one of two loaded runs); nothing else
        // cancels here, so the code is asserted, not the words.
        await expect(node.pool!.query('select pg_sleep(0.05)')).rejects.toMatchObject({ code: '57014' });
      } finally {
        await node.close();
      }
    });
  });
});
