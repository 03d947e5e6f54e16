import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { ROL } from '@siniestros/domain';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { insertCaso } from '../../test/fixtures';
import { documentos } from '../db/tables/documentacion';
import { withDatabase } from '../../test/global-setup';
import { backupOffice, hasBinary, MANIFEST_FILE, restoreOffice, type BackupManifest } from './backup';
import { REFERENCED_KEYS_SQL } from './referenced-files';

const isPostgres = process.env.TEST_DB === 'postgres';
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const FILES = { 'casos/1/dni.pdf': 'PDF del DNI', 'casos/1/fotos/frente.jpg': crypto.randomBytes(50_000), 'casos/2/poliza.pdf': 'Póliza' };
/** A portal requirement's example picture, kept outside the cases' folders. */
const EJEMPLO = 'portal/ejemplos/dni-ejemplo.jpg';
/** A convenio published to a third party's portal (the convenio a distancia), also outside them. */
const CONVENIO = 'portal/convenios/1/convenio.pdf';

type Office = { config: Config; open: () => Promise<Database>; cleanup: () => Promise<void> };

/** An office of the test's own: a PGlite data directory, or a PostgreSQL database it creates and drops. */
async function createOffice(): Promise<Office> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-office-'));
  if (!isPostgres) {
    const seed = await openDatabase({ dataDir, loadDataDir: new Blob([await fs.readFile(inject('pgliteSnapshot'))]) });
    await seed.close();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent' });
    return { config, open: () => openDatabase({ dataDir }), cleanup: () => fs.rm(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${inject('pgRunPrefix')}bk_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ url });
  await migrate(database);
  await database.close();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url, CAPTCHA: 'off', LOG_LEVEL: 'silent' });
  return {
    config,
    open: () => openDatabase({ url, poolMax: 2 }),
    async cleanup() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function withApp<T>(office: Office, work: (app: Awaited<ReturnType<typeof buildApp>>, database: Database) => Promise<T>): Promise<T> {
  const database = await office.open();
  const app = await buildApp({ database, config: office.config, logger: false });
  await app.ready();
  try {
    return await work(app, database);
  } finally {
    await app.close();
    await database.close();
  }
}

/** What must come back after a restore: rows of several tables, the counters trigger's table, sequences and files. */
async function stateOf(office: Office) {
  return withApp(office, async (app, database) => {
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const files: Record<string, string> = {};
    for await (const key of app.services.storage.list()) {
      const chunks: Buffer[] = [];
      for await (const chunk of (await app.services.storage.get(key)) as AsyncIterable<Buffer>) chunks.push(chunk);
      files[key] = crypto.createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
    }
    return {
      users: (await app.services.users.list()).map((user) => `${user.username}:${user.rol}:${user.totp}`).sort(),
      casos: await rows(sql`select id, reclamo_nro, id_estado, valor_ofertado::text from casos order by id`),
      terceros: await rows(sql`select count(*)::int as n from terceros`),
      historial: await rows(sql`select id_caso, msg from historial order by id`),
      companias: await rows(sql`select id, nombre from companias order by id`),
      contadores: await rows(sql`select * from caso_contadores`),
      audit: await rows(sql`select action, actor, changes from audit_log order by id`),
      sessions: await rows(sql`select count(*)::int as n from sesiones`),
      migrations: await rows(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      documentKeys: (await rows<{ key: string }>(sql.raw(REFERENCED_KEYS_SQL))).map((row) => row.key),
      files,
    };
  });
}

async function seedOffice(office: Office) {
  await withApp(office, async (app, database) => {
    await app.services.users.ensureAdmin('admin@oficina.local', 'Clave-Admin-2026');
    await app.services.users.create({
      apellido: 'Pérez',
      nombre: 'Ana',
      username: 'ana@oficina.local',
      password: 'Clave-Ana-2026',
      password2: 'Clave-Ana-2026',
      rol: ROL.USER,
      id_inspect: null,
    });
    const casos = [await insertCaso(database.db, { terceros: 2, valorOfertado: '125000.50' }), await insertCaso(database.db, { idEstado: 9 })];
    for (const [key, content] of Object.entries(FILES)) {
      const tamano = await app.services.storage.put(key, Readable.from([Buffer.from(content)]));
      const idCaso = casos[Number(key.split('/')[1]) - 1]!.id;
      await database.db.insert(documentos).values({ id_caso: idCaso, nombre: path.basename(key), tipo: 'Denuncia', storage_key: key, tamano, usuario: 'ana@oficina.local' });
    }
    // A portal requirement's example picture is part of the office too (docs/decisions/084).
    await app.services.storage.put(EJEMPLO, Readable.from([Buffer.from('foto de ejemplo')]));
    await database.db.execute(sql`update documentacion_requerida set ejemplo_key = ${EJEMPLO}, ejemplo_mime = 'image/jpeg' where id = (select min(id) from documentacion_requerida)`);
    await app.services.storage.put(CONVENIO, Readable.from([Buffer.from('%PDF- convenio')]));
    const idTercero = casos[0]!.terceroIds[0]!;
    await database.db.execute(sql`with item as (
        insert into portal_items (id_caso, id_tercero, tipo, nombre, solicitado) values (${casos[0]!.id}, ${idTercero}, 'Convenio', 'Convenio firmado', now()) returning id)
      insert into portal_convenios (id_caso, id_tercero, id_item, plantilla, nombre, archivo_key, mime, bytes, sha256, publicado, publicado_por)
        select ${casos[0]!.id}, ${idTercero}, item.id, 'Daños Titular sin Letrado', 'Convenio.pdf', ${CONVENIO}, 'application/pdf', 14, repeat('0', 64), now(), 'ana@oficina.local' from item`);

  });
}

/** A live session: it must not survive a restore. */
async function signIn(office: Office) {
  await withApp(office, async (app) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'ana@oficina.local', password: 'Clave-Ana-2026' },
    });
    expect(login.statusCode).toBe(200);
  });
}

/**
 * What a restore gives back of `state`: the same, without sessions, and with only the files that
 * its documents reference (a file without a row is not part of the office: never backed up).
 */
function restoredOf(state: Awaited<ReturnType<typeof stateOf>>) {
  return { ...state, sessions: [{ n: 0 }], files: Object.fromEntries(Object.entries(state.files).filter(([key]) => state.documentKeys.includes(key))) };
}

/** Everything a bad day does: a case deleted, a company added, a file lost, a stray one. */
async function damageOffice(office: Office) {
  await withApp(office, async (app, database) => {
    await database.db.execute(sql`delete from casos where id = (select min(id) from casos)`);
    await database.db.execute(sql`insert into companias (nombre) values ('Agregada después')`);
    await app.services.storage.remove('casos/1/dni.pdf');
    await app.services.storage.put('casos/9/intrusa.txt', Readable.from([Buffer.from('no estaba')]));
  });
}

async function expectRoundTrip(office: Office, method: 'auto' | 'logical', expectedMethod: BackupManifest['database']['method']) {
  await signIn(office);
  // A file no row references (an upload whose row never committed): not part of the office.
  await withApp(office, (app) => app.services.storage.put('casos/2/huerfano.pdf', Readable.from([Buffer.from('sin fila')])));
  const before = await stateOf(office);
  const out = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-backup-'));
  try {
    const manifest = await backupOffice({ config: office.config, out, method });
    expect(manifest.database.method).toBe(expectedMethod);
    expect(manifest.files.count).toBe(Object.keys(FILES).length + 2);
    await damageOffice(office);
    expect(await stateOf(office)).not.toEqual(before);

    await restoreOffice({ config: office.config, from: out });
    const after = await stateOf(office);
    expect(after).toEqual(restoredOf(before));
    expect(Object.keys(after.files).sort()).toEqual([...Object.keys(FILES), EJEMPLO, CONVENIO].sort());
    expect(before.files).toHaveProperty(['casos/2/huerfano.pdf']);
    expect(before.sessions).not.toEqual([{ n: 0 }]);
    // Sequences came back too: a new row does not collide with a restored one.
    await withApp(office, (_app, database) => database.db.execute(sql`insert into companias (nombre) values ('Nueva tras restaurar')`));
  } finally {
    await fs.rm(out, { recursive: true, force: true });
  }
}

describe.runIf(!isPostgres)('backup and restore of an office on PGlite', () => {
  let office: Office;
  beforeAll(async () => {
    office = await createOffice();
    await seedOffice(office);
  });
  afterAll(() => office?.cleanup());

  it('round trip: database and files come back exactly, sessions do not', async () => {
    await expectRoundTrip(office, 'auto', 'pglite-datadir');
  });

  it('refuses to back up while the app holds the database, and refuses a damaged backup without touching anything', async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-backup-'));
    try {
      const database = await office.open();
      try {
        await expect(backupOffice({ config: office.config, out })).rejects.toThrow(/in use by process/);
      } finally {
        await database.close();
      }
      await backupOffice({ config: office.config, out });
      await expect(backupOffice({ config: office.config, out })).rejects.toThrow(/not empty/);
      const before = await stateOf(office);
      const victim = path.join(out, 'files', 'casos', '2', 'poliza.pdf');
      await fs.writeFile(victim, 'alterada');
      await damageOffice(office);
      const damaged = await stateOf(office);
      await expect(restoreOffice({ config: office.config, from: out })).rejects.toThrow(/damaged: casos\/2\/poliza.pdf/);
      expect(await stateOf(office)).toEqual(damaged);
      await fs.rm(path.join(out, MANIFEST_FILE));
      await expect(restoreOffice({ config: office.config, from: out })).rejects.toThrow(/interrupted/);
      expect(before).not.toEqual(damaged);
    } finally {
      await fs.rm(out, { recursive: true, force: true });
    }
  });

  it('the documented commands: npm run backup -- --out <dir> and npm run restore -- --from <dir>', async () => {
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-cli-'));
    const env = { ...process.env, DATA_DIR: office.config.dataDir, INIT_CWD: workDir, LOG_LEVEL: 'silent' };
    const run = (script: string, args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], { cwd: SERVER_DIR, env });
    try {
      const before = await stateOf(office);
      const backup = await run('src/ops/backup.cli.ts', ['--out', 'copia']);
      expect(backup.stdout).toContain('Backup complete');
      const manifest = JSON.parse(await fs.readFile(path.join(workDir, 'copia', MANIFEST_FILE), 'utf8')) as BackupManifest;
      expect(manifest.database.method).toBe('pglite-datadir');
      await damageOffice(office);
      const restore = await run('src/ops/restore.cli.ts', ['--from', 'copia']);
      expect(restore.stdout).toContain('Restore complete');
      expect(await stateOf(office)).toEqual(restoredOf(before));
      await expect(run('src/ops/restore.cli.ts', [])).rejects.toMatchObject({ code: 2 });
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(isPostgres)('backup and restore of an office on PostgreSQL', () => {
  let office: Office;
  beforeAll(async () => {
    office = await createOffice();
    await seedOffice(office);
  });
  afterAll(() => office?.cleanup());

  it.runIf(hasBinary('pg_dump'))('round trip with pg_dump / pg_restore', async () => {
    await expectRoundTrip(office, 'auto', 'pg_dump');
  });

  it('round trip with the logical dump through node-postgres (machines without pg_dump)', async () => {
    await expectRoundTrip(office, 'logical', 'logical');
  });
});
