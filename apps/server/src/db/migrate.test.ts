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

describe.runIf(isPostgres)('migrations on several nodes at once', () => {
  it('three migrators started together on a fresh database all succeed, each migration applied once', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    for (let round = 0; round < 3; round++) {
      const name = `${inject('pgRunPrefix')}mig_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = withDatabase(adminUrl, name);
      const nodes = await Promise.all([1, 2, 3].map(() => openDatabase({ url, poolMax: 2 })));
      try {
        const results = await Promise.allSettled(nodes.map((node) => migrate(node)));
        expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        const check = new pg.Client({ connectionString: url });
        await check.connect();
        const { rows } = await check.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations');
        await check.end();
        expect(rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
      } finally {
        await Promise.all(nodes.map((node) => node.close()));
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  });
});
