import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUDIT_ACTION, BACKUP_MESSAGES } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { multipart, SAMPLE_FILES } from '../../../test/multipart';
import { loadConfig } from '../../config';
import { openDatabase, resultRows } from '../../db/client';
import { restoreOffice } from '../../ops/backup';
import { createBackupsService, SCHEDULED_ROUTE } from './backups.service';
import { SESSIONS_TABLE } from '../../ops/logical';

/**
 * The online backup through the running server (docs/decisions/076): Admin only, kept to
 * BACKUP_KEEP, one at a time, audited, and a backup that `restore` brings back whole.
 */
const isPostgres = process.env.TEST_DB === 'postgres';
let t: TestApp;
const SAMPLE = Buffer.concat([SAMPLE_FILES.pdf, crypto.randomBytes(1_000)]);

beforeAll(async () => {
  t = await createTestApp({ BACKUP_KEEP: '2', BACKUP_HORA: '08:00' });
  // On PostgreSQL the backup dumps the server the app runs on: pg_dump needs its address.
  if (isPostgres) t.config.DATABASE_URL = t.database.url;
  const caso = await insertCaso(t.database.db, {});
  const upload = await t.request('user', {
    method: 'POST',
    url: `/api/documentacion/t/${caso.id}`,
    ...multipart([
      ['tipo', 'Denuncia'],
      ['uploadFiles', { filename: 'denuncia.pdf', content: SAMPLE }],
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
});
afterAll(() => t?.close());

const createBackup = () => t.request('admin', { method: 'POST', url: '/api/backups' });

describe('online backups', () => {
  it('answers 401 without a session and 403 to a User or an Inspector', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await t.request(null, { method, url: '/api/backups' })).statusCode).toBe(401);
      for (const role of ['user', 'inspector'] as const) {
        const response = await t.request(role, { method, url: '/api/backups' });
        expect(response.statusCode, `${method} as ${role}`).toBe(403);
      }
    }
    expect(await fs.readdir(path.join(t.dataDir, 'backups')).catch(() => [])).toEqual([]);
  });

  it('takes a backup of the running office, lists it, audits it and keeps the last BACKUP_KEEP', async () => {
    const first = await createBackup();
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json();
    expect(body).toMatchObject({
      message: BACKUP_MESSAGES.creada,
      metodo: isPostgres ? expect.any(String) : 'pglite-datadir',
      archivos: 1,
      archivos_bytes: SAMPLE.length,
      eliminadas: [],
    });
    const list = (await t.request('admin', { method: 'GET', url: '/api/backups' })).json();
    expect(list).toEqual([{ nombre: body.nombre, fecha: body.fecha, metodo: body.metodo, base_bytes: body.base_bytes, archivos: 1, archivos_bytes: SAMPLE.length }]);
    const audit = await t.rows<{ actor: string; detail: string }>(`select actor, detail from audit_log where action = '${AUDIT_ACTION.backupCreated}'`);
    expect(audit).toEqual([{ actor: 'admin@test.local', detail: body.nombre }]);

    const second = (await createBackup()).json();
    const third = (await createBackup()).json();
    expect(third.eliminadas).toEqual([body.nombre]);
    const kept = (await t.request('admin', { method: 'GET', url: '/api/backups' })).json() as { nombre: string }[];
    expect(kept.map((backup) => backup.nombre)).toEqual([third.nombre, second.nombre]);
    expect((await fs.readdir(path.join(t.dataDir, 'backups'))).sort()).toEqual([second.nombre, third.nombre].sort());
  });

  it('takes one backup at a time: a second one asked meanwhile answers 409 in Spanish', async () => {
    const [a, b] = await Promise.all([createBackup(), createBackup()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json()).toEqual({ message: BACKUP_MESSAGES.enCurso });
  });

  it.runIf(!isPostgres)('is restored by restore into a new data directory, every row and file as they were', async () => {
    const { nombre } = (await createBackup()).json() as { nombre: string };
    const target = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-restored-'));
    try {
      await restoreOffice({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: target, CAPTCHA: 'off', LOG_LEVEL: 'silent' }), from: path.join(t.dataDir, 'backups', nombre) });
      const restored = await openDatabase({ dataDir: target });
      try {
        // Every table, row for row; but sessions (never restored) and the audit row of this very backup, written after it.
        const tables = await t.rows<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('${SESSIONS_TABLE}', 'audit_log') order by 1`);
        expect(tables.length).toBeGreaterThan(20);
        for (const { name } of tables) {
          const query = `select * from ${name} order by 1`;
          expect(resultRows(await restored.db.execute(sql.raw(query))), name).toEqual(await t.rows(query));
        }
        const audit = `select * from audit_log where action <> '${AUDIT_ACTION.backupCreated}' or detail <> '${nombre}' order by id`;
        expect(resultRows(await restored.db.execute(sql.raw(audit)))).toEqual(await t.rows(audit));
        expect(await t.rows('select count(*)::int as n from documentos')).toEqual([{ n: 1 }]);
        const [document] = await t.rows<{ storage_key: string }>('select storage_key from documentos');
        const file = await fs.readFile(path.join(target, 'files', ...document!.storage_key.split('/')));
        expect(crypto.createHash('sha256').update(file).digest('hex')).toBe(crypto.createHash('sha256').update(SAMPLE).digest('hex'));
      } finally {
        await restored.close();
      }
    } finally {
      await fs.rm(target, { recursive: true, force: true });
    }
  });

  it("makes the day's backup once from BACKUP_HORA (Argentina time), by one of two nodes", async () => {
    // A second node: its own service on the same database (on PostgreSQL the claim is across connections).
    const other = createBackupsService({ database: t.database, config: t.config, audit: t.app.services.audit, log: t.app.log });
    const at = (iso: string) => new Date(iso);
    expect(await t.app.services.backups.tick(at('2026-12-01T10:59:00Z'))).toBeNull(); // 07:59 in Argentina
    const [a, b] = await Promise.all([t.app.services.backups.tick(at('2026-12-01T11:00:00Z')), other.tick(at('2026-12-01T11:00:01Z'))]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await other.tick(at('2026-12-02T02:59:00Z'))).toBeNull(); // 23:59 of the same day
    const next = await other.tick(at('2026-12-02T11:05:00Z'));
    expect(next?.nombre).toBe('2026-12-02T11-05-00-000Z');
    const made = await t.rows<{ actor: string; detail: string }>(
      `select actor, detail from audit_log where action = '${AUDIT_ACTION.backupCreated}' and route = '${SCHEDULED_ROUTE}' order by id`,
    );
    expect(made).toEqual([
      { actor: 'sistema', detail: (a ?? b)!.nombre },
      { actor: 'sistema', detail: next!.nombre },
    ]);
    const list = (await t.request('admin', { method: 'GET', url: '/api/backups' })).json() as { nombre: string }[];
    expect(list.map((backup) => backup.nombre)).toEqual([next!.nombre, (a ?? b)!.nombre]);
  });
});
