import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../config';
import { lockDataDir, openDatabase, type Database } from '../db/client';
import { PGliteRemote } from '../db/pglite-remote';
import { migrate } from '../db/migrate';
import { assertSafeKey, fsyncPath, isMissingFile } from '../shared/storage';
import { openStorage, type StorageSettings } from '../shared/storage.open';
import { ADVISORY_LOCK, pauseFileRemoval } from '../db/locks';
import { REFERENCED_KEYS_SQL } from './referenced-files';
import {
  insertRows,
  isSessions,
  qualified,
  readRowBatches,
  readSequences,
  SCHEMAS,
  SESSIONS_TABLE,
  tablesInLoadOrder,
  writeSequences,
  type SequenceValue,
  type TableInfo,
} from './logical';

/**
 * Backup and restore of a whole office: the database and every stored file under
 * DATA_DIR/files (docs/operations.md, docs/decisions/024-backups.md).
 *
 * A backup is a directory: the database file, `files/` (a copy of the stored files) and
 * `manifest.json`, written last, with the size and SHA-256 of everything. A restore checks every
 * checksum before it changes anything, then replaces the database and the files.
 */

export const MANIFEST_FILE = 'manifest.json';
const FORMAT = 'siniestros-backup';
const FORMAT_VERSION = 1;
export type DatabaseMethod = 'pglite-datadir' | 'pg_dump' | 'logical';

export type FileEntry = { key: string; bytes: number; sha256: string };

export type BackupManifest = {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; method: DatabaseMethod; file: string; bytes: number; sha256: string; migrations: number };
  files: { count: number; bytes: number; entries: FileEntry[] };
};

export type OpsLog = (message: string) => void;

type BackupOptions = {
  config: Pick<Config, 'DATABASE_URL'> & StorageSettings;
  out: string;
  /** Force the node-postgres logical dump even when pg_dump is installed. */
  method?: 'auto' | 'logical';
  /**
   * The running server's database (the online backup, docs/decisions/076): on PGlite the dump is
   * taken through it instead of opening the data directory, which the server holds locked.
   */
  running?: Database;
  log?: OpsLog;
};

type RestoreOptions = {
  config: Pick<Config, 'DATABASE_URL'> & StorageSettings;
  from: string;
  log?: OpsLog;
};

const filesRoot = (dataDir: string) => path.join(dataDir, 'files');
const pgdataDir = (dataDir: string) => path.join(dataDir, 'pgdata');

export function hasBinary(name: string): boolean {
  return spawnSync('which', [name], { stdio: 'ignore' }).status === 0;
}

async function sha256Of(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Runs a command, rejecting with its stderr when it fails. Arguments never pass through a shell. */
function run(command: string, args: string[], options: { input?: NodeJS.ReadableStream; prelude?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
    if (options.prelude) child.stdin.write(options.prelude);
    if (options.input) options.input.pipe(child.stdin);
    else child.stdin.end();
  });
}

// ---------------------------------------------------------------- backup

export async function backupOffice(options: BackupOptions): Promise<BackupManifest> {
  const log = options.log ?? (() => undefined);
  const out = path.resolve(options.out);
  if (!(await isEmptyOrMissing(out))) throw new Error(`${out} is not empty: choose a new directory for the backup`);
  await fsp.mkdir(out, { recursive: true });

  const postgres = postgresSource(options);
  const { database, files } = postgres
    ? await backupPostgres(postgres, options.config, out, options.method ?? 'auto', log)
    : options.running
      ? await backupRunningPglite(options.running, options.config, out, log)
      : await backupPglite(options.config, out, log);

  const manifest: BackupManifest = { format: FORMAT, version: FORMAT_VERSION, createdAt: new Date().toISOString(), database, files };
  // Written last and renamed into place: a directory without it is an interrupted backup.
  const temp = path.join(out, `${MANIFEST_FILE}.part`);
  await fsp.writeFile(temp, JSON.stringify(manifest, null, 2));
  await fsp.rename(temp, path.join(out, MANIFEST_FILE));
  log(`Backup complete in ${out}: database (${database.method}, ${database.bytes} bytes), ${files.count} files (${files.bytes} bytes)`);
  return manifest;
}

type BackedUp = Pick<BackupManifest, 'database' | 'files'>;


async function backupPglite(config: StorageSettings, out: string, log: OpsLog): Promise<BackedUp> {
  const { dataDir } = config;
  if (!fs.existsSync(pgdataDir(dataDir))) throw new Error(`No embedded database in ${pgdataDir(dataDir)}`);
  // openDatabase locks the directory: refused while the app runs on it, so nothing changes meanwhile.
  const database = await openDatabase({ dataDir });
  try {
    log(`Dumping the embedded database (${pgdataDir(dataDir)})`);
    const file = 'database.pglite.tar.gz';
    const dump = await database.pglite!.dumpDataDir('gzip');
    await fsp.writeFile(path.join(out, file), Buffer.from(await dump.arrayBuffer()));
    const { rows } = await database.pglite!.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    const keys = (await database.pglite!.query<{ key: string }>(REFERENCED_KEYS_SQL)).rows.map((row) => row.key);
    const files = await backupFiles(config, out, keys, log);
    return {
      database: { kind: 'pglite', method: 'pglite-datadir', file, ...(await sha256Of(path.join(out, file))), migrations: rows[0]!.n },
      files,
    };
  } finally {
    await database.close();
  }
}

/**
 * The online backup of the embedded database (docs/decisions/076). PGlite is one session, so a
 * REPEATABLE READ dump would hold every other request for its whole length; instead the worker
 * copies the data directory between two statements (`dumpDataDir`, uncompressed: the copy of
 * the files only, not the gzip, holds the queue), a crash-consistent image that PostgreSQL's
 * own recovery makes whole on load. The image is then opened in a worker of its own, off the
 * server's queue, to read what it references: the files to copy and the migrations. File
 * removal is paused in the process from before the image to the last file copied.
 */
async function backupRunningPglite(running: Database, config: StorageSettings, out: string, log: OpsLog): Promise<BackedUp> {
  if (!running.pglite) throw new Error('The running database is not PGlite');
  const resume = pauseFileRemoval();
  try {
    const started = performance.now();
    const image = await running.pglite.dumpDataDir('none');
    log(`Embedded database copied between two statements: ${Math.round(performance.now() - started)} ms`);
    const file = 'database.pglite.tar.gz';
    await pipeline(Readable.from(Buffer.from(await image.arrayBuffer())), zlib.createGzip(), fs.createWriteStream(path.join(out, file)));
    // In memory, in a worker of its own: neither the server's queue nor its event loop waits for it.
    const copy = await PGliteRemote.start(undefined, image);
    let migrations: number;
    let keys: string[];
    try {
      migrations = (await copy.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!.n;
      keys = (await copy.query<{ key: string }>(REFERENCED_KEYS_SQL)).rows.map((row) => row.key);
    } finally {
      await copy.close();
    }
    const files = await backupFiles(config, out, keys, log);
    return {
      database: { kind: 'pglite', method: 'pglite-datadir', file, ...(await sha256Of(path.join(out, file))), migrations },
      files,
    };
  } finally {
    resume();
  }
}

/** Where a PostgreSQL backup reads: the running server's own database when it is PostgreSQL (its kind, not the setting, decides), else DATABASE_URL. */
type PostgresSource = { url?: string; newClient: () => pg.Client };

function postgresSource({ running, config }: BackupOptions): PostgresSource | undefined {
  const url = config.DATABASE_URL || undefined;
  if (running?.kind === 'postgres' && running.newClient) return { url, newClient: () => running.newClient!() };
  return url ? { url, newClient: () => new pg.Client({ connectionString: url }) } : undefined;
}

async function migrationCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rows[0]!.n;
}

/**
 * A backup of an office that keeps working (docs/decisions/033-files-and-rows-in-step.md): the
 * file-removal lock is taken exclusively first (deletes then leave their files to the sweeper),
 * then one REPEATABLE READ snapshot gives both the dump (pg_dump --snapshot, or the logical dump
 * in the same transaction) and the list of files its rows reference, which are copied before the
 * lock is let go. Uploads that commit meanwhile are in neither.
 */
async function backupPostgres(source: PostgresSource, config: StorageSettings, out: string, method: 'auto' | 'logical', log: OpsLog): Promise<BackedUp> {
  const client = source.newClient();
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCK.FILE_REMOVAL]);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const keys = (await client.query<{ key: string }>(REFERENCED_KEYS_SQL)).rows.map((row) => row.key);
    const database = await dumpPostgres(client, source.url, snapshot, out, method, log);
    const files = await backupFiles(config, out, keys, log);
    await client.query('COMMIT');
    return { database, files };
  } finally {
    await client.end();
  }
}

async function dumpPostgres(
  client: pg.Client,
  /** pg_dump needs it; without it the logical dump is taken. */
  url: string | undefined,
  snapshot: string,
  out: string,
  method: 'auto' | 'logical',
  log: OpsLog,
): Promise<BackupManifest['database']> {
  const migrations = await migrationCount(client);
  if (method === 'auto' && url && hasBinary('pg_dump')) {
    const file = 'database.pgdump';
    try {
      log('Dumping PostgreSQL with pg_dump (custom format)');
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        '--no-comments',
        `--exclude-table-data=public.${SESSIONS_TABLE}`,
        `--snapshot=${snapshot}`,
        `--file=${path.join(out, file)}`,
        `--dbname=${url}`,
      ]);
      return { kind: 'postgres', method: 'pg_dump', file, ...(await sha256Of(path.join(out, file))), migrations };
    } catch (error) {
      // An older pg_dump refuses a newer server: the logical dump below still works.
      if (!/version mismatch/i.test((error as Error).message)) throw error;
      log(`pg_dump cannot dump this server (${(error as Error).message.split('\n')[0]}): using the logical dump`);
      await fsp.rm(path.join(out, file), { force: true });
    }
  } else if (method === 'auto') {
    log(url ? 'pg_dump is not installed: using the logical dump through node-postgres' : 'No DATABASE_URL for pg_dump: using the logical dump through node-postgres');
  }
  const file = 'database.jsonl.gz';
  await logicalDump(client, path.join(out, file), log);
  return { kind: 'postgres', method: 'logical', file, ...(await sha256Of(path.join(out, file))), migrations };
}

/**
 * One gzip'd JSON-lines file: a header (tables in load order, columns), then the rows of each
 * table in batches, then the sequences. Read inside the caller's REPEATABLE READ transaction: a
 * consistent snapshot of the whole database, like pg_dump's.
 */
async function logicalDump(client: pg.Client, file: string, log: OpsLog) {
  const tables = await tablesInLoadOrder(client);
  const gzip = zlib.createGzip();
  const written = pipeline(gzip, fs.createWriteStream(file));
  const write = (line: string) => new Promise<void>((resolve) => (gzip.write(`${line}\n`) ? resolve() : gzip.once('drain', resolve)));
  await write(JSON.stringify({ format: 'siniestros-logical', version: 1, tables }));
  for (const table of tables) {
    if (isSessions(table)) continue;
    let count = 0;
    for await (const rows of readRowBatches(client, table)) {
      count += rows.length;
      await write(`{"table":${JSON.stringify(`${table.schema}.${table.name}`)},"rows":[${rows.join(',')}]}`);
    }
    log(`  ${table.schema}.${table.name}: ${count} rows`);
  }
  await write(JSON.stringify({ sequences: await readSequences(client) }));
  gzip.end();
  await written;
}

/**
 * Copies the stored files of `keys` (from DATA_DIR/files, or streamed from the bucket with
 * STORAGE=s3); one that is gone already (lost before the backup) is reported, not fatal.
 */
async function backupFiles(config: StorageSettings, out: string, keys: readonly string[], log: OpsLog): Promise<BackupManifest['files']> {
  const root = filesRoot(config.dataDir);
  const storage = config.STORAGE === 's3' ? await openStorage(config) : null;
  const entries: FileEntry[] = [];
  const missing: string[] = [];
  for (const key of keys) {
    assertSafeKey(key);
    const source = path.join(root, ...key.split('/'));
    const target = path.join(out, 'files', ...key.split('/'));
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      if (storage) await pipeline(await storage.get(key), fs.createWriteStream(target));
      else await fsp.copyFile(source, target);
    } catch (error) {
      if (!isMissingFile(error)) throw error;
      await fsp.rm(target, { force: true });
      missing.push(key);
      continue;
    }
    entries.push({ key, ...(await sha256Of(target)) });
  }
  entries.sort((a, b) => a.key.localeCompare(b.key));
  if (missing.length > 0)
    log(`WARNING: ${missing.length} documents had no file before the backup began: ${missing.slice(0, 10).join(', ')}`);
  log(`Copied ${entries.length} stored files`);
  storage?.close?.();
  return { count: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0), entries };
}

// ---------------------------------------------------------------- restore

export async function readManifest(from: string): Promise<BackupManifest> {
  const file = path.join(path.resolve(from), MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: not a backup, or an interrupted one`);
  const manifest = JSON.parse(await fsp.readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) throw new Error(`${file}: unknown backup format`);
  return manifest;
}

/** Every checksum of the backup, before anything is touched. */
export async function verifyBackup(from: string, manifest: BackupManifest): Promise<void> {
  const checks = [{ key: manifest.database.file, file: path.join(from, manifest.database.file), sha256: manifest.database.sha256 }];
  for (const entry of manifest.files.entries) {
    if (entry.key.split('/').some((part) => part === '..' || part === '' || part === '.'))
      throw new Error(`Unsafe file name in the manifest: ${entry.key}`);
    checks.push({ key: entry.key, file: path.join(from, 'files', ...entry.key.split('/')), sha256: entry.sha256 });
  }
  for (const check of checks) {
    if (!fs.existsSync(check.file)) throw new Error(`The backup is incomplete: ${check.key} is missing`);
    if ((await sha256Of(check.file)).sha256 !== check.sha256)
      throw new Error(`The backup is damaged: ${check.key} does not match its checksum`);
  }
}

export async function restoreOffice(options: RestoreOptions): Promise<BackupManifest> {
  const log = options.log ?? (() => undefined);
  const from = path.resolve(options.from);
  const manifest = await readManifest(from);
  await verifyBackup(from, manifest);
  log(`Backup of ${manifest.createdAt} verified: ${manifest.database.method} database, ${manifest.files.count} files`);

  const { DATABASE_URL: url, dataDir } = options.config;
  if (manifest.database.kind === 'pglite' && url)
    throw new Error('This backup is of the embedded database (PGlite): restore it without DATABASE_URL');
  if (manifest.database.kind === 'postgres' && !url)
    throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to the database to restore into');

  if (manifest.database.method === 'pglite-datadir') {
    // The lock is held through the whole restore: refused while the app runs on this directory.
    const unlock = lockDataDir(pgdataDir(dataDir));
    try {
      await restorePglite(dataDir, path.join(from, manifest.database.file), log);
      await restoreFiles(options.config, from, manifest, log);
    } finally {
      unlock();
    }
  } else {
    if (manifest.database.method === 'pg_dump') await restorePgDump(url!, path.join(from, manifest.database.file), log);
    else await restoreLogical(url!, path.join(from, manifest.database.file), manifest.database.migrations, log);
    await restoreFiles(options.config, from, manifest, log);
  }
  log('Restore complete');
  return manifest;
}

/** fsyncs every file and folder under `dir`, the folder itself last. */
async function syncTree(dir: string) {
  for (const entry of await fsp.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() || entry.isDirectory()) await fsyncPath(path.join(entry.parentPath, entry.name));
  }
  await fsyncPath(dir);
}

/** Loads the dump into a new directory, then swaps it with the current one. */
async function restorePglite(dataDir: string, dumpFile: string, log: OpsLog) {
  const current = pgdataDir(dataDir);
  const incoming = `${current}.restoring`;
  const previous = `${current}.before-restore`;
  await fsp.rm(incoming, { recursive: true, force: true });
  log('Loading the embedded database from the backup');
  const pglite = await PGlite.create({ dataDir: incoming, loadDataDir: new Blob([await fsp.readFile(dumpFile)]), extensions: { pg_trgm } });
  try {
    await pglite.query('select count(*) from drizzle.__drizzle_migrations');
    await pglite.query(`delete from ${pg.escapeIdentifier(SESSIONS_TABLE)}`);
  } finally {
    await pglite.close();
  }
  // The dump was unpacked through PGlite's file layer, which never syncs: on disk before the swap.
  await syncTree(incoming);
  await fsp.rm(previous, { recursive: true, force: true });
  if (fs.existsSync(current)) await fsp.rename(current, previous);
  await fsp.rename(incoming, current);
  await fsp.rm(previous, { recursive: true, force: true });
}

/**
 * pg_restore writes the dump as SQL; psql runs it after dropping the application's schemas, all
 * in ONE transaction: if anything fails, the database is left exactly as it was.
 */
async function restorePgDump(url: string, dumpFile: string, log: OpsLog) {
  for (const binary of ['pg_restore', 'psql']) {
    if (!hasBinary(binary))
      throw new Error(`${binary} is not installed (Debian: apt-get install postgresql-client): it is needed to restore a pg_dump backup`);
  }
  log('Restoring PostgreSQL (pg_restore | psql, one transaction)');
  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dumpFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let restoreErrors = '';
  restore.stderr.on('data', (chunk) => (restoreErrors += chunk));
  const restored = new Promise<void>((resolve, reject) =>
    restore.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_restore exited with ${code}: ${restoreErrors.trim()}`)))),
  );
  const prelude =
    SCHEMAS.map((schema) => `DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE;`).join('\n') + '\nCREATE SCHEMA public;\n';
  await Promise.all([
    run('psql', ['--single-transaction', '--set=ON_ERROR_STOP=1', '--quiet', '--no-psqlrc', `--dbname=${url}`], {
      input: restore.stdout,
      prelude,
    }),
    restored,
  ]);
}

/**
 * The logical dump goes back through node-postgres in ONE transaction: the target is migrated
 * to the same schema, emptied, and filled table by table (parents first); user triggers (the
 * case counters) stay off while loading since their tables are restored as they were.
 */
async function restoreLogical(url: string, dumpFile: string, migrations: number, log: OpsLog) {
  const database = await openDatabase({ url });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const current = await migrationCount(client);
    if (current !== migrations) {
      throw new Error(
        `The backup has ${migrations} migrations applied and this version ${current}: restore it with the version that made it, then upgrade`,
      );
    }
    let tables: TableInfo[] = [];
    const byName = new Map<string, TableInfo>();
    await client.query('BEGIN');
    try {
      // Created right before the loop: lines read before iteration starts would be lost.
      const lines = readline.createInterface({ input: fs.createReadStream(dumpFile).pipe(zlib.createGunzip()), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        const record = JSON.parse(line) as {
          tables?: TableInfo[];
          table?: string;
          rows?: unknown[];
          sequences?: SequenceValue[];
        };
        if (record.tables) {
          tables = record.tables;
          for (const table of tables) byName.set(`${table.schema}.${table.name}`, table);
          log('Emptying the target tables');
          await client.query(`TRUNCATE ${tables.map(qualified).join(', ')} RESTART IDENTITY CASCADE`);
          for (const table of tables) await client.query(`ALTER TABLE ${qualified(table)} DISABLE TRIGGER USER`);
        } else if (record.table && record.rows) {
          const table = byName.get(record.table);
          if (!table) throw new Error(`The dump has rows for an unknown table ${record.table}`);
          await insertRows(client, table, JSON.stringify(record.rows));
        } else if (record.sequences) {
          await writeSequences(client, record.sequences);
        }
      }
      for (const table of tables) await client.query(`ALTER TABLE ${qualified(table)} ENABLE TRIGGER USER`);
      await client.query('COMMIT');
      log(`Restored ${tables.length} tables`);
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    await client.end();
  }
}

/** The files of the backup replace DATA_DIR/files: copied beside it first, then swapped in. */
async function restoreFiles(config: StorageSettings, from: string, manifest: BackupManifest, log: OpsLog) {
  if (config.STORAGE === 's3') return restoreObjects(config, from, manifest, log);
  const current = filesRoot(config.dataDir);
  const incoming = `${current}.restoring`;
  const previous = `${current}.before-restore`;
  await fsp.rm(incoming, { recursive: true, force: true });
  await fsp.mkdir(incoming, { recursive: true });
  for (const entry of manifest.files.entries) {
    const target = path.join(incoming, ...entry.key.split('/'));
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.copyFile(path.join(from, 'files', ...entry.key.split('/')), target);
  }
  await fsp.rm(previous, { recursive: true, force: true });
  if (fs.existsSync(current)) await fsp.rename(current, previous);
  await fsp.rename(incoming, current);
  await fsp.rm(previous, { recursive: true, force: true });
  log(`Restored ${manifest.files.count} stored files`);
}

/**
 * STORAGE=s3: every file of the backup is put in the bucket (streamed), then every other document
 * (key under `casos/`) and half-written upload is removed, so the bucket's documents are exactly
 * the backup's files; keys outside `casos/` are not the app's and are left alone.
 */
async function restoreObjects(config: StorageSettings, from: string, manifest: BackupManifest, log: OpsLog) {
  const storage = await openStorage(config);
  try {
    const wanted = new Set<string>();
    for (const entry of manifest.files.entries) {
      await storage.put(entry.key, fs.createReadStream(path.join(from, 'files', ...entry.key.split('/'))));
      wanted.add(entry.key);
    }
    let removed = 0;
    for await (const entry of storage.entries()) {
      // Only the app's own keys: a bucket may hold other things, which a restore leaves alone.
      if (!entry.key.startsWith('casos/') || (!entry.isPartial && wanted.has(entry.key))) continue;
      await storage.removeEntry(entry);
      removed++;
    }
    log(`Restored ${manifest.files.count} stored files to bucket ${config.S3_BUCKET} (${removed} other documents removed)`);
  } finally {
    storage.close?.();
  }
}
