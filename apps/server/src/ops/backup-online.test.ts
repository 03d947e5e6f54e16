import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DOCUMENTACION_MESSAGES } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../test/helpers';
import { insertCaso } from '../../test/fixtures';
import { multipart, SAMPLE_FILES } from '../../test/multipart';
import { openDatabase, resultRows, type Database } from '../db/client';
import { SESSIONS_TABLE } from './logical';

/**
 * The online backup of a running PGlite server (docs/decisions/076): its database in a worker on
 * a data directory, as `npm start` runs it, while people upload and delete documents. The backup
 * taken through POST /api/backups is restored with the one documented command into a new data
 * directory, and the copy is checked row for row against the server and file for file (SHA-256)
 * against what was uploaded.
 */
const isPostgres = process.env.TEST_DB === 'postgres';
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
/** Uploads go to some cases, deletes to others (filled first): a document name, which the server reuses once freed, then names one upload. */
const UPLOAD_CASES = 4;
const DELETE_CASES = 3;
const DOCUMENTS_TO_DELETE = 100;
const WORKERS = 6;
const MIN_DURING_BACKUP = { uploads: 5, deletes: 3 };

type Upload = { idCaso: number; nombre: string; sha256: string; bytes: number; sent: number; answered: number };
type Delete = { idCaso: number; nombre: string; sent: number; answered: number };

let dataDir: string;
let database: Database;
let t: TestApp;
let uploadCases: number[];
let deleteCases: number[];

beforeAll(async () => {
  if (isPostgres) return;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-online-'));
  const seed = await openDatabase({ dataDir, loadDataDir: new Blob([await fs.readFile(inject('pgliteSnapshot'))]) });
  await seed.close();
  database = await openDatabase({ dataDir });
  t = await createTestApp({ DATA_DIR: dataDir }, { database });
  uploadCases = [];
  deleteCases = [];
  for (let n = 0; n < UPLOAD_CASES; n++) uploadCases.push((await insertCaso(database.db, {})).id);
  for (let n = 0; n < DELETE_CASES; n++) deleteCases.push((await insertCaso(database.db, {})).id);
}, 300_000);
afterAll(async () => {
  await t?.close();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const rowsOf = async <T = Record<string, unknown>>(db: Database, query: string) => resultRows<T>(await db.db.execute(sql.raw(query)));
const sha256 = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');

describe.runIf(!isPostgres)('online backup of a running PGlite server under uploads and deletes', () => {
  it('restores with one command to a copy that matches the server row for row and file for file', async () => {
    const uploads = new Map<string, Upload>();
    const deletes: Delete[] = [];
    const backups: { nombre: string; sent: number; answered: number }[] = [];
    const latencies: { sent: number; answered: number }[] = [];
    let stop = false;
    let uploaded = 0;

    async function upload(idCaso: number, count: number, seed: number) {
      const contents = Array.from({ length: count }, (_, i) =>
        Buffer.concat([SAMPLE_FILES.pdf, crypto.randomBytes(2_000 + ((seed * 7919 + i * 104_729) % 60_000))]),
      );
      const sent = performance.now();
      const response = await t.request('user', {
        method: 'POST',
        url: `/api/documentacion/t/${idCaso}`,
        ...multipart(contents.flatMap((content) => [['tipo', 'Denuncia'], ['uploadFiles', { filename: 'denuncia.pdf', content }]] as const)),
      });
      const answered = performance.now();
      latencies.push({ sent, answered });
      expect(response.statusCode, response.body).toBe(201);
      // Named by the server after the type (Denuncia.pdf, Denuncia (2).pdf...), in the order sent.
      const names = response.json().files as string[];
      expect(names).toHaveLength(count);
      names.forEach((nombre, i) => uploads.set(`${idCaso}/${nombre}`, { idCaso, nombre, sha256: sha256(contents[i]!), bytes: contents[i]!.length, sent, answered }));
    }

    // The documents the deleters will remove, there before the load starts.
    for (const idCaso of deleteCases) {
      for (let done = 0; done < DOCUMENTS_TO_DELETE; done += 20) await upload(idCaso, 20, idCaso * 1000 + done);
    }

    async function uploadOne(worker: number, n: number) {
      await upload(uploadCases[(worker + n) % uploadCases.length]!, 1, worker * 100_000 + n);
      uploaded++;
    }

    async function deleteOne(worker: number, n: number) {
      const idCaso = deleteCases[(worker + n) % deleteCases.length]!;
      const names = (await t.request('user', { method: 'GET', url: `/api/documentacion/listado/${idCaso}` })).json() as string[];
      if (names.length < 2) return;
      const nombre = names[n % names.length]!;
      const sent = performance.now();
      const response = await t.request('user', { method: 'DELETE', url: `/api/documentacion/${idCaso}?name=${encodeURIComponent(nombre)}` });
      const answered = performance.now();
      latencies.push({ sent, answered });
      // Another worker may have deleted it first.
      expect([200, 404], response.body).toContain(response.statusCode);
      if (response.statusCode === 200) deletes.push({ idCaso, nombre, sent, answered });
    }

    const load = Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        try {
          for (let n = 0; !stop; n++) await (worker % 3 === 2 ? deleteOne(worker, n) : uploadOne(worker, n));
        } finally {
          stop = true;
        }
      }),
    );
    while (uploaded < 20 && !stop) await new Promise((resolve) => setTimeout(resolve, 100));

    const inside = (at: { sent: number; answered: number }, backup: { sent: number; answered: number }) =>
      at.answered > backup.sent && at.sent < backup.answered;
    const during = (backup: { sent: number; answered: number }) => ({
      uploads: [...uploads.values()].filter((upload) => inside(upload, backup)).length,
      deletes: deletes.filter((item) => inside(item, backup)).length,
    });
    // Backups one after another while the load goes on, until enough uploads and deletes fell inside one.
    for (;;) {
      const sent = performance.now();
      const response = await t.request('admin', { method: 'POST', url: '/api/backups' });
      const answered = performance.now();
      expect(response.statusCode, response.body).toBe(201);
      backups.push({ nombre: response.json().nombre, sent, answered });
      expect(stop, 'the load stopped early').toBe(false);
      const counts = during(backups.at(-1)!);
      if (counts.uploads >= MIN_DURING_BACKUP.uploads && counts.deletes >= MIN_DURING_BACKUP.deletes) break;
      expect(backups.length, 'backups taken without enough load inside one').toBeLessThan(6);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop = true;
    await load;

    const backup = backups.at(-1)!;
    const waits = latencies.filter((request) => inside(request, backup)).map((request) => request.answered - request.sent);
    const outside = latencies.filter((request) => !inside(request, backup)).map((request) => request.answered - request.sent);
    console.info(
      `online backup under load: ${uploads.size} uploads and ${deletes.length} deletes in all; ${JSON.stringify(during(backup))} during the last backup ` +
        `(${Math.round(backup.answered - backup.sent)} ms); slowest request during it ${Math.round(Math.max(...waits))} ms, ` +
        `outside it ${Math.round(Math.max(...outside))} ms`,
    );

    // One command, into a new data directory, as an office would after losing the machine.
    const target = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-online-restored-'));
    try {
      const from = path.join(dataDir, 'backups', backup.nombre);
      const restore = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/ops/restore.cli.ts', '--from', from], {
        cwd: SERVER_DIR,
        env: { ...process.env, DATA_DIR: target, LOG_LEVEL: 'silent' },
      });
      expect(restore.stdout).toContain('Restore complete');
      const restored = await openDatabase({ dataDir: target });
      try {
        await expectSameOffice(restored, target, { uploads, deletes, backup });
      } finally {
        await restored.close();
      }
    } finally {
      await fs.rm(target, { recursive: true, force: true });
    }
  }, 600_000);
});

async function expectSameOffice(
  restored: Database,
  target: string,
  log: { uploads: Map<string, Upload>; deletes: Delete[]; backup: { sent: number; answered: number } },
) {
  // Documents: each restored row has its file, byte for byte what was uploaded, and no file lacks its row.
  const documents = await rowsOf<{ id: number; id_caso: number; nombre: string; storage_key: string; tamano: number }>(
    restored,
    'select * from documentos order by id',
  );
  expect(documents.length).toBeGreaterThan(0);
  const root = path.join(target, 'files');
  for (const row of documents) {
    const upload = log.uploads.get(`${row.id_caso}/${row.nombre}`);
    expect(upload, `${row.id_caso}/${row.nombre}: a row no upload made`).toBeDefined();
    const content = await fs.readFile(path.join(root, ...row.storage_key.split('/')));
    expect({ key: row.storage_key, sha256: sha256(content), bytes: row.tamano }).toEqual({ key: row.storage_key, sha256: upload!.sha256, bytes: upload!.bytes });
  }
  const onDisk = (await fs.readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  expect(onDisk).toEqual(documents.map((row) => row.storage_key).sort());

  // The copy is the office at one instant inside the backup: what was answered before it began is
  // in it, what was sent after it answered is not.
  const present = new Set(documents.map((row) => `${row.id_caso}/${row.nombre}`));
  const { sent: began, answered: ended } = log.backup;
  for (const [key, upload] of log.uploads) {
    const deleted = log.deletes.find((item) => `${item.idCaso}/${item.nombre}` === key);
    if (upload.answered < began && (!deleted || deleted.sent > ended)) expect(present.has(key), `${key} uploaded before the backup`).toBe(true);
    if (upload.sent > ended) expect(present.has(key), `${key} uploaded after the backup`).toBe(false);
    if (deleted && deleted.answered < began) expect(present.has(key), `${key} deleted before the backup`).toBe(false);
  }

  // ...and a transactionally whole one: each case's documents are its uploads less its deletes in its history
  // (one history row per upload request: 20 files each in the cases filled for the deleters).
  const history = await rowsOf<{ id_caso: number; msg: string }>(restored, 'select id_caso, msg from historial');
  for (const idCaso of [...uploadCases, ...deleteCases]) {
    const texts = history.filter((row) => row.id_caso === idCaso).map((row) => row.msg);
    const added = texts.filter((text) => text === DOCUMENTACION_MESSAGES.history).length;
    const removed = texts.filter((text) => text.startsWith(DOCUMENTACION_MESSAGES.historyDeleted(''))).length;
    const filesPerUpload = deleteCases.includes(idCaso) ? 20 : 1;
    expect(documents.filter((row) => row.id_caso === idCaso).length, `case ${idCaso}`).toBe(added * filesPerUpload - removed);
  }

  // Row for row against the server (stopped loading): every table the load does not write is equal;
  // in those it writes, every restored row is the server's row, or (documents) one deleted since.
  const deletedSince = new Set(log.deletes.filter((item) => item.answered >= began).map((item) => `${item.idCaso}/${item.nombre}`));
  const tables = await rowsOf<{ name: string }>(restored, `select tablename as name from pg_tables where schemaname = 'public' order by 1`);
  expect(tables.length).toBeGreaterThan(20);
  for (const { name } of tables) {
    if (name === SESSIONS_TABLE) continue;
    const query = `select * from ${name} order by 1`;
    const copy = await rowsOf(restored, query);
    const live = await rowsOf(database, query);
    if (!['documentos', 'historial', 'audit_log', 'limites_pedidos'].includes(name)) {
      expect(copy, name).toEqual(live);
      continue;
    }
    const liveRows = new Set(live.map((row) => JSON.stringify(row)));
    for (const row of copy) {
      if (name === 'documentos' && deletedSince.has(`${String(row.id_caso)}/${String(row.nombre)}`)) continue;
      expect(liveRows.has(JSON.stringify(row)), `${name}: ${JSON.stringify(row)}`).toBe(true);
    }
  }
}
