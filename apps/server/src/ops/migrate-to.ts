import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { REFERENCED_KEYS_SQL } from './referenced-files';
import { assertSafeKey } from '../shared/storage';
import { openStorage, type StorageSettings } from '../shared/storage.open';
import { insertRows, isSessions, qualified, readRowBatches, readSequences, tablesInLoadOrder, writeSequences, type Queryable, type TableInfo } from './logical';

/**
 * `npm run migrate-to -- postgres://…`: an office's embedded database (PGlite in DATA_DIR) and
 * its documents copied to PostgreSQL (and to the bucket, or another directory), verified by
 * row counts and per-table checksums, resumable (docs/decisions/048-migrate-to-postgresql.md).
 */

export type MigrateToOptions = {
  /** DATA_DIR of the office on PGlite (pgdata/ and files/). */
  dataDir: string;
  /** The PostgreSQL database to fill. */
  url: string;
  /** Where the documents go: the bucket (STORAGE=s3) or another DATA_DIR (`files/` under it); null: not copied. */
  files: StorageSettings | null;
  log?: (message: string) => void;
  /** Tests: called after each table is committed (throwing interrupts the run). */
  afterTable?: (name: string) => void | Promise<void>;
  /** Tests: called after each batch, inside the table's transaction (throwing leaves the table half copied). */
  afterBatch?: (name: string, rows: number) => void | Promise<void>;
};

export type TableCheck = { table: string; sourceRows: number; targetRows: number; sourceChecksum: string; targetChecksum: string; ok: boolean; copied: boolean };
export type FileCheck = { key: string; bytes: number; sha256: string; ok: boolean };
export type MigrateToResult = { ok: boolean; tables: TableCheck[]; files: FileCheck[]; rowsCopied: number; seconds: number };

export const PROGRESS_TABLE = 'migrate_to_progress';
const PROGRESS = `public.${PROGRESS_TABLE}`;
const CASOS = 'casos';

/** Same text on both servers: the session settings that shape row_to_json's output. */
const TEXT_SETTINGS = ["SET TimeZone = 'UTC'", "SET DateStyle = 'ISO, MDY'", "SET IntervalStyle = 'postgres'", "SET bytea_output = 'hex'", 'SET extra_float_digits = 1'];

/**
 * A checksum of a table's rows that needs no ordering (no collation can differ): the sum, over
 * the rows, of the first 60 bits of md5(row_to_json(row)), with the count beside it. Computed by
 * each server in SQL on the same text.
 */
const checksumSql = (table: TableInfo) =>
  `select count(*)::bigint::text as n,
          coalesce(sum(('x' || substr(md5(row_to_json(t)::text), 1, 15))::bit(60)::bigint::numeric), 0)::text ||
          '-' || coalesce(sum(('x' || substr(md5(row_to_json(t)::text), 16, 15))::bit(60)::bigint::numeric), 0)::text as sum
     from ${qualified(table)} t`;

async function checksum(client: Queryable, table: TableInfo): Promise<{ rows: number; checksum: string }> {
  const { rows } = await client.query<{ n: string; sum: string }>(checksumSql(table));
  const sum = crypto.createHash('md5').update(rows[0]!.sum).digest('hex');
  return { rows: Number(rows[0]!.n), checksum: sum };
}

const nameOf = (table: TableInfo) => `${table.schema}.${table.name}`;

/** What says which office a target is being filled from: its data directory and PGlite's system identifier. */
async function sourceIdentity(source: Queryable, dataDir: string): Promise<string> {
  const { rows } = await source.query<{ id: string }>('select system_identifier::text as id from pg_control_system()');
  return `${path.resolve(dataDir)}#${rows[0]!.id}`;
}

export async function migrateTo(options: MigrateToOptions): Promise<MigrateToResult> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  // openDatabase locks DATA_DIR/pgdata: refused while the app runs on it, so nothing changes meanwhile.
  if (!fs.existsSync(path.join(options.dataDir, 'pgdata'))) throw new Error(`No embedded database in ${path.join(options.dataDir, 'pgdata')}`);
  const sourceDb = await openDatabase({ dataDir: options.dataDir });
  try {
    // The same schema on both sides: the source brought to this version's migrations, as the app's start would.
    await migrate(sourceDb);
    const source = sourceDb.pglite! as unknown as Queryable;
    const targetDb = await openDatabase({ url: options.url, poolMax: 1, statementTimeoutMs: 24 * 3600_000 });
    try {
      log('Running the migrations on the target (under the migrations lock)');
      await migrate(targetDb);
    } finally {
      await targetDb.close();
    }
    const target = new pg.Client({ connectionString: options.url, application_name: 'siniestros-migrate-to' });
    await target.connect();
    try {
      for (const setting of TEXT_SETTINGS) {
        await source.query(setting);
        await target.query(setting);
      }
      const identity = await sourceIdentity(source, options.dataDir);
      await claimTarget(target, identity, log);
      const tables = (await tablesInLoadOrder(source)).filter((table) => table.schema === 'public' && !isSessions(table));
      const done = new Set((await target.query<{ name: string }>(`select name from ${PROGRESS} where kind = 'table'`)).rows.map((row) => row.name));
      let rowsCopied = 0;
      const copyStarted = performance.now();
      const copied = new Set<string>();
      for (const table of tables) {
        if (done.has(nameOf(table))) continue;
        rowsCopied += await copyTable(source, target, table, options.afterBatch);
        copied.add(nameOf(table));
        log(`  ${nameOf(table)} copied`);
        await options.afterTable?.(nameOf(table));
      }
      const copySeconds = (performance.now() - copyStarted) / 1000;
      await writeSequences(target, (await readSequences(source)).filter((sequence) => sequence.schema === 'public'));
      if (rowsCopied > 0) log(`Copied ${rowsCopied} rows in ${copySeconds.toFixed(1)} s (${Math.round(rowsCopied / Math.max(copySeconds, 0.001))} rows/s)`);

      const files = options.files ? await copyFiles(source, target, options.dataDir, options.files, log) : [];
      const checks = await verify(source, target, tables, copied);
      await verifyMigrations(source, target);
      const ok = checks.every((check) => check.ok) && files.every((file) => file.ok);
      printSummary(checks, files, log);
      if (ok) await target.query(`insert into ${PROGRESS} (kind, name, detail) values ('complete', '', $1) on conflict (kind, name) do update set detail = excluded.detail, done_at = now()`, [identity]);
      return { ok, tables: checks, files, rowsCopied, seconds: (performance.now() - started) / 1000 };
    } finally {
      await target.end();
    }
  } finally {
    await sourceDb.close();
  }
}

/**
 * A target holding an office (cases) is refused unless it is this office's own unfinished
 * migration. A new one is emptied (the migrations' seed rows, an Admin made by a node that was
 * started on it) and marked as ours.
 */
async function claimTarget(target: pg.Client, identity: string, log: (message: string) => void) {
  await target.query(
    `create table if not exists ${PROGRESS} (kind text not null, name text not null, detail text, rows bigint, done_at timestamptz not null default now(), primary key (kind, name))`,
  );
  const { rows: owner } = await target.query<{ detail: string }>(`select detail from ${PROGRESS} where kind = 'source'`);
  if (owner.length > 0) {
    if (owner[0]!.detail !== identity) throw new Error(`The target is being filled from another office (${owner[0]!.detail}): refused`);
    const { rows } = await target.query<{ n: number }>(`select count(*)::int as n from ${PROGRESS} where kind = 'table'`);
    log(`Resuming the migration from ${identity}: ${rows[0]!.n} tables already copied`);
    return;
  }
  const { rows: cases } = await target.query<{ n: number }>(`select count(*)::int as n from ${qualified({ schema: 'public', name: CASOS })}`);
  if (cases[0]!.n > 0) throw new Error(`The target already holds an office (${cases[0]!.n} cases): refused. Migrate into a new, empty database`);
  const tables = (await tablesInLoadOrder(target)).filter((table) => table.schema === 'public' && table.name !== PROGRESS_TABLE);
  await target.query('BEGIN');
  try {
    await target.query(`TRUNCATE ${tables.map(qualified).join(', ')} RESTART IDENTITY CASCADE`);
    await target.query(`insert into ${PROGRESS} (kind, name, detail) values ('source', '', $1)`, [identity]);
    await target.query('COMMIT');
  } catch (error) {
    await target.query('ROLLBACK');
    throw error;
  }
  log(`Target emptied and claimed for ${identity}`);
}

/**
 * One table in ONE target transaction: emptied, filled in batches, recorded as done. A run cut
 * half way leaves nothing of it (the rollback), and the next run copies it again.
 */
async function copyTable(source: Queryable, target: pg.Client, table: TableInfo, afterBatch: MigrateToOptions['afterBatch']): Promise<number> {
  let count = 0;
  await target.query('BEGIN');
  try {
    // User triggers (counters, audit) stay off: their tables are copied as they are.
    await target.query(`ALTER TABLE ${qualified(table)} DISABLE TRIGGER USER`);
    await target.query(`DELETE FROM ${qualified(table)}`);
    await source.query('BEGIN');
    try {
      for await (const rows of readRowBatches(source, table)) {
        await insertRows(target, table, `[${rows.join(',')}]`);
        count += rows.length;
        await afterBatch?.(nameOf(table), count);
      }
    } finally {
      await source.query('COMMIT');
    }
    await target.query(`ALTER TABLE ${qualified(table)} ENABLE TRIGGER USER`);
    await target.query(`insert into ${PROGRESS} (kind, name, rows) values ('table', $1, $2)`, [nameOf(table), count]);
    await target.query('COMMIT');
  } catch (error) {
    await target.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return count;
}

async function verify(source: Queryable, target: pg.Client, tables: TableInfo[], copied: Set<string>): Promise<TableCheck[]> {
  const checks: TableCheck[] = [];
  for (const table of tables) {
    const [from, to] = [await checksum(source, table), await checksum(target, table)];
    checks.push({
      table: nameOf(table),
      sourceRows: from.rows,
      targetRows: to.rows,
      sourceChecksum: from.checksum,
      targetChecksum: to.checksum,
      ok: from.rows === to.rows && from.checksum === to.checksum,
      copied: copied.has(nameOf(table)),
    });
  }
  return checks;
}

/** The target's migration ledger is its own (written by its migrations): the same migrations must be there. */
async function verifyMigrations(source: Queryable, target: pg.Client) {
  const ledger = async (client: Queryable) =>
    (await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at, hash')).rows.map((row) => row.hash).join(',');
  if ((await ledger(source)) !== (await ledger(target))) throw new Error('The target has other migrations than the source: run the same version on both');
}

const sha256Stream = async (stream: NodeJS.ReadableStream) => {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done();
      },
    }),
  );
  return { sha256: hash.digest('hex'), bytes };
};

/**
 * The referenced files (the documents' and the example pictures', REFERENCED_KEYS_SQL) from DATA_DIR/files to the target
 * storage, each read back and compared (size and SHA-256) before it is recorded as done.
 */
async function copyFiles(source: Queryable, target: pg.Client, dataDir: string, settings: StorageSettings, log: (message: string) => void): Promise<FileCheck[]> {
  if (settings.STORAGE !== 's3' && path.resolve(settings.dataDir) === path.resolve(dataDir)) throw new Error('The files would be copied onto themselves: give another directory');
  const from = await openStorage({ dataDir });
  const to = await openStorage(settings);
  try {
    const keys = (await source.query<{ key: string }>(REFERENCED_KEYS_SQL)).rows.map((row) => row.key);
    const done = new Map(
      (await target.query<{ name: string; detail: string; rows: string }>(`select name, detail, rows::text from ${PROGRESS} where kind = 'file'`)).rows.map((row) => [row.name, row]),
    );
    const checks: FileCheck[] = [];
    let copiedNow = 0;
    const missing: string[] = [];
    for (const key of keys) {
      assertSafeKey(key);
      const original = await sha256Stream(await from.get(key)).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      });
      if (!original) {
        missing.push(key);
        continue;
      }
      const recorded = done.get(key);
      if (!recorded || recorded.detail !== original.sha256) {
        await to.put(key, await from.get(key));
        copiedNow++;
      }
      const copy = await sha256Stream(await to.get(key));
      const ok = copy.sha256 === original.sha256 && copy.bytes === original.bytes;
      checks.push({ key, bytes: original.bytes, sha256: original.sha256, ok });
      if (ok && !recorded)
        await target.query(`insert into ${PROGRESS} (kind, name, detail, rows) values ('file', $1, $2, $3) on conflict (kind, name) do update set detail = excluded.detail`, [key, original.sha256, original.bytes]);
    }
    if (missing.length > 0) log(`WARNING: ${missing.length} documents have no file in ${dataDir}/files (lost before the migration): ${missing.slice(0, 10).join(', ')}`);
    log(`Files: ${checks.length} verified (${copiedNow} copied now, ${checks.reduce((sum, check) => sum + check.bytes, 0)} bytes)${settings.STORAGE === 's3' ? ` to bucket ${settings.S3_BUCKET}` : ` to ${path.join(settings.dataDir, 'files')}`}`);
    return checks;
  } finally {
    from.close?.();
    to.close?.();
  }
}

function printSummary(checks: TableCheck[], files: FileCheck[], log: (message: string) => void) {
  const width = Math.max(...checks.map((check) => check.table.length));
  log('Table'.padEnd(width) + '    source    target  checksum');
  for (const check of checks) {
    const verdict = check.ok ? 'OK' : check.sourceRows !== check.targetRows ? 'COUNT MISMATCH' : 'CHECKSUM MISMATCH';
    log(`${check.table.padEnd(width)} ${String(check.sourceRows).padStart(9)} ${String(check.targetRows).padStart(9)}  ${check.targetChecksum.slice(0, 12)} ${verdict}${check.copied ? '' : ' (copied by an earlier run)'}`);
  }
  const badFiles = files.filter((file) => !file.ok);
  for (const file of badFiles) log(`FILE MISMATCH ${file.key}`);
  const bad = checks.filter((check) => !check.ok).length + badFiles.length;
  log(bad === 0 ? `All ${checks.length} tables and ${files.length} files match.` : `${bad} mismatches: the target is NOT a faithful copy.`);
}
