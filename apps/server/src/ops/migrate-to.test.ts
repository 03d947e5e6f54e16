import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemo, seedDemoTareas } from '../demo/demo-load';
import { documentos } from '../db/tables/documentacion';
import { insertCaso } from '../../test/fixtures';
import { withDatabase } from '../../test/global-setup';
import { errorLogStream } from '../../test/logged-errors';
import { s3ServerAvailable, s3SkipReason, startS3Server } from '../../test/s3-server';
import { openStorage } from '../shared/storage.open';
import { migrateTo, PROGRESS_TABLE, type MigrateToResult } from './migrate-to';

/**
 * PGlite office → a PostgreSQL database of the test's own (created and dropped here). Needs a
 * server: TEST_DATABASE_URL (`.ci/run` sets it). Runs in the `server` project only (its source is
 * PGlite whichever project runs it).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const skipReason = !ADMIN_URL
  ? 'TEST_DATABASE_URL is not set: migrate-to needs a PostgreSQL server to migrate into'
  : process.env.TEST_DB === 'postgres'
    ? 'runs in the server project (PGlite source)'
    : null;
if (skipReason) console.warn(`migrate-to tests skipped: ${skipReason}`);

const CASES = 300;
const ADMIN = { username: 'admin@oficina.local', password: 'Clave-Admin-2026' };
const FILES = { 'casos/1/dni.pdf': Buffer.from('%PDF-1.4 DNI'), 'casos/2/fotos/frente.jpg': crypto.randomBytes(200_000) };

let sourceDir: string;
const cleanups: (() => Promise<unknown>)[] = [];

const configOf = (dataDir: string, env: Record<string, string> = {}): Config =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ...env });

async function withApp<T>(database: Database, config: Config, work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const app = await buildApp({ database, config, logger: { level: 'error', stream: errorLogStream } });
  await app.ready();
  try {
    return await work(app);
  } finally {
    await app.close();
    await database.close();
  }
}

async function newTargetDatabase(): Promise<string> {
  const name = `sin_mig_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  return withDatabase(ADMIN_URL!, name);
}

async function newDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A case's detail as an Admin sees it through the app. */
async function caseDetail(database: Database, config: Config, id: number) {
  return withApp(database, config, async (app) => {
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = `sid=${login.cookies.find((item) => item.name === 'sid')!.value}`;
    const response = await app.inject({ method: 'GET', url: `/api/casos/${id}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as unknown;
  });
}

async function readTree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(root, file)] = (await fs.readFile(file)).toString('base64');
  }
  return out;
}

function expectAllMatch(result: MigrateToResult) {
  expect(result.tables.filter((check) => !check.ok)).toEqual([]);
  expect(result.ok).toBe(true);
}

describe.skipIf(skipReason !== null)('migrate-to: PGlite office → PostgreSQL', () => {
  beforeAll(async () => {
    sourceDir = await newDir('siniestros-migrate-src-');
    const seed = await openDatabase({ dataDir: sourceDir, loadDataDir: new Blob([await fs.readFile(inject('pgliteSnapshot'))]) });
    await withApp(seed, configOf(sourceDir), async (app) => {
      await app.services.users.ensureAdmin(ADMIN.username, ADMIN.password);
      await seedDemo(seed, { cases: CASES, seed: 3, until: '2026-06-30', vacuum: false });
      await seedDemoTareas(seed, { until: '2026-06-30' });
      const caso = await insertCaso(seed.db, { terceros: 2, valorOfertado: '125000.50' });
      for (const [key, content] of Object.entries(FILES)) {
        const tamano = await app.services.storage.put(key, Readable.from([content]));
        await seed.db.insert(documentos).values({ id_caso: caso.id, nombre: path.basename(key), tipo: 'Denuncia', storage_key: key, tamano, usuario: ADMIN.username });
      }
      // A live session: not carried over (everybody signs in again on the new server).
      expect((await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN })).statusCode).toBe(200);
    });
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('copies every table and file, verified, and the app on the target reads the same case', async () => {
    const url = await newTargetDatabase();
    const filesTo = await newDir('siniestros-migrate-dst-');
    const lines: string[] = [];
    const result = await migrateTo({ dataDir: sourceDir, url, files: { dataDir: filesTo }, log: (line) => lines.push(line) });
    expectAllMatch(result);
    const byName = Object.fromEntries(result.tables.map((check) => [check.table, check]));
    expect(byName['public.casos']!.targetRows).toBe(CASES + 1);
    expect(byName['public.terceros']!.targetRows).toBeGreaterThan(CASES);
    expect(byName['public.historial']!.targetRows).toBeGreaterThan(CASES);
    expect(byName['public.sesiones']).toBeUndefined();
    expect(result.files.map((file) => file.key).sort()).toEqual(Object.keys(FILES).sort());
    expect(lines.join('\n')).toMatch(/All \d+ tables and 2 files match/);
    console.log(`migrate-to: ${result.rowsCopied} rows in ${result.seconds.toFixed(1)} s\n${lines.filter((line) => /rows\/s|match/.test(line)).join('\n')}`);

    // Run again on the finished target: nothing copied, everything verified again.
    const again = await migrateTo({ dataDir: sourceDir, url, files: { dataDir: filesTo } });
    expectAllMatch(again);
    expect(again.rowsCopied).toBe(0);

    // The same case, read through the app, on both sides; the files byte for byte.
    for (const id of [1, 150, CASES + 1]) {
      const before = await caseDetail(await openDatabase({ dataDir: sourceDir }), configOf(sourceDir), id);
      const after = await caseDetail(await openDatabase({ url }), configOf(filesTo, { DATABASE_URL: url }), id);
      expect(after).toEqual(before);
    }
    expect(await readTree(path.join(filesTo, 'files'))).toEqual(await readTree(path.join(sourceDir, 'files')));

    // Sequences continue after the copied rows: a new case on the target gets the next id.
    const target = await openDatabase({ url });
    const next = await insertCaso(target.db, {});
    await target.close();
    expect(next.id).toBe(CASES + 2);
    // ...and a verification now tells the target apart from the source (signing in wrote rows on both, too).
    const changed = await migrateTo({ dataDir: sourceDir, url, files: null });
    expect(changed.ok).toBe(false);
    expect(changed.tables.filter((check) => !check.ok).map((check) => check.table)).toContain('public.casos');
  });

  it('an interrupted run continues where it stopped when run again', async () => {
    const url = await newTargetDatabase();
    const filesTo = await newDir('siniestros-migrate-dst-');
    let tables = 0;
    const interrupted = migrateTo({
      dataDir: sourceDir,
      url,
      files: { dataDir: filesTo },
      afterTable: () => {
        if (++tables === 6) throw new Error('simulated crash');
      },
    });
    await expect(interrupted).rejects.toThrow('simulated crash');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${PROGRESS_TABLE} where kind = 'table'`);
    await client.end();
    expect(rows[0]!.n).toBe(6);

    // Cut again in the middle of a table: its rows so far are rolled back, and it is copied whole next time.
    const cut = migrateTo({
      dataDir: sourceDir,
      url,
      files: { dataDir: filesTo },
      afterBatch: (name) => {
        if (name === 'public.historial') throw new Error('connection lost mid-table');
      },
    });
    await expect(cut).rejects.toThrow('connection lost mid-table');
    const half = new pg.Client({ connectionString: url });
    await half.connect();
    const historial = await half.query<{ n: number }>('select count(*)::int as n from historial');
    const progress = await half.query<{ name: string }>(`select name from ${PROGRESS_TABLE} where kind = 'table'`);
    await half.end();
    expect(historial.rows[0]!.n).toBe(0);
    expect(progress.rows.map((row) => row.name)).not.toContain('public.historial');
    const before = progress.rows.length;
    expect(before).toBeGreaterThan(6);

    const lines: string[] = [];
    const result = await migrateTo({ dataDir: sourceDir, url, files: { dataDir: filesTo }, log: (line) => lines.push(line) });
    expectAllMatch(result);
    expect(result.tables.filter((check) => !check.copied)).toHaveLength(before);
    expect(result.tables.find((check) => check.table === 'public.historial')!.targetRows).toBeGreaterThan(CASES);
    expect(lines.join('\n')).toMatch(new RegExp(`Resuming the migration .*: ${before} tables already copied`));
    expect(await readTree(path.join(filesTo, 'files'))).toEqual(await readTree(path.join(sourceDir, 'files')));
  });

  it.skipIf(!s3ServerAvailable)(`sends the documents to the bucket with STORAGE=s3${s3SkipReason ? ` (skipped: ${s3SkipReason})` : ''}`, async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    await s3.createBucket('oficina-migrada');
    const url = await newTargetDatabase();
    const settings = configOf(await newDir('siniestros-migrate-s3-'), s3.env('oficina-migrada'));
    const result = await migrateTo({ dataDir: sourceDir, url, files: settings });
    expectAllMatch(result);
    expect(result.files.filter((file) => file.ok).map((file) => file.key).sort()).toEqual(Object.keys(FILES).sort());
    const bucket = await openStorage(settings);
    for (const [key, content] of Object.entries(FILES)) {
      const chunks: Buffer[] = [];
      for await (const chunk of (await bucket.get(key)) as AsyncIterable<Buffer>) chunks.push(chunk);
      expect(Buffer.concat(chunks).equals(content), key).toBe(true);
    }
    bucket.close?.();
  });

  it('the documented command: exit 0 with a line per table; exit 1 when a table differs; exit 2 without a target', async () => {
    const url = await newTargetDatabase();
    const workDir = await newDir('siniestros-migrate-cli-');
    const env = { ...process.env, DATA_DIR: sourceDir, INIT_CWD: workDir, LOG_LEVEL: 'silent' };
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/ops/migrate-to.cli.ts', ...args], { cwd: path.resolve(import.meta.dirname, '../..'), env });
    const done = await run([url, '--files-to', 'nueva']);
    expect(done.stdout).toMatch(/public\.casos +301 +301 +\w{12} OK/);
    expect(done.stdout).toMatch(/All \d+ tables and 2 files match/);
    expect(await readTree(path.join(workDir, 'nueva', 'files'))).toEqual(await readTree(path.join(sourceDir, 'files')));

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`update terceros set nombre = nombre || ' ' where id = (select min(id) from terceros)`);
    await client.end();
    const differs = await run([url, '--no-files']).catch((error: { code: number; stdout: string }) => error);
    expect(differs).toMatchObject({ code: 1 });
    expect((differs as { stdout: string }).stdout).toMatch(/public\.terceros .* CHECKSUM MISMATCH/);
    await expect(run([])).rejects.toMatchObject({ code: 2 });
  });

  it('refuses a target that already holds an office, and a source in use', async () => {
    const url = await newTargetDatabase();
    const office = await openDatabase({ url });
    await migrate(office);
    await insertCaso(office.db, {});
    await office.close();
    await expect(migrateTo({ dataDir: sourceDir, url, files: null })).rejects.toThrow(/already holds an office \(1 cases\)/);

    const running = await openDatabase({ dataDir: sourceDir });
    try {
      await expect(migrateTo({ dataDir: sourceDir, url, files: null })).rejects.toThrow(/in use by process/);
    } finally {
      await running.close();
    }
  });
});
