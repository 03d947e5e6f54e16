import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CASO_MESSAGES } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ensureCompania } from '../../../test/fixtures';
import { expectLoggedError } from '../../../test/logged-errors';
import { MSG_INTERNAL } from '../../shared/errors';
import { asegurados } from '../../db/tables/casos';
import { EXPORT_RETRY_AFTER_SECONDS } from './casos.export.pool';
import { createCaso } from './casos.test-helpers';

/**
 * The xlsx is written in a worker thread (docs/decisions/055): the main thread answers other
 * requests meanwhile, a worker that dies cuts only its own download, a worker that cannot start
 * fails the request, and exports beyond the workers and their queue answer 503.
 */
const BIG = 6_000;

let t: TestApp;
let url: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const compania = await ensureCompania(db, 'Masiva SA');
  const [owner] = await db.insert(asegurados).values({ apellido: 'Grande', id_tipo_doc: 1, nro_doc: '1', marca_modelo: 'X', dominio: 'GR000AN' }).returning();
  await db.execute(sql`
    insert into casos (id_compania, reclamo_nro, gestor, fecha_creado, usuario, id_estado, fecha_estado, id_asegurado, busqueda)
    select ${compania}, 'G' || g, 'Gestor ' || g, '2026-05-01', 'bulk', 1, '2026-05-01', ${owner!.id}, 'grande ' || g from generate_series(1, ${BIG}::int) g`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  cookie = await t.login('user');
});
afterAll(() => t?.close());

/** The export of every case over a real socket, its first chunk already read. */
async function startExport() {
  const response = await fetch(`${url}/api/casos/export`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  const first = await reader.read();
  chunks.push(first.value!);
  return {
    async rest(): Promise<Buffer> {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return Buffer.concat(chunks);
        chunks.push(value);
      }
    },
  };
}

async function rowCount(payload: Buffer): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!.actualRowCount - 1;
}

describe('the export in a worker thread', () => {
  it('answers other requests while a big export streams, and the export still arrives whole', async () => {
    const events: string[] = [];
    const exported = await startExport();
    events.push('export started');
    // The export's work is on its worker: this thread is free for the others.
    expect(t.app.services.casos.exportWorkers()).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      const page = await t.request('user', { method: 'GET', url: '/api/casos/?page=1&pageSize=20' });
      expect(page.statusCode).toBe(200);
      events.push('page answered');
    }
    const payload = await exported.rest();
    events.push('export ended');
    expect(events).toEqual(['export started', ...Array<string>(5).fill('page answered'), 'export ended']);
    expect(await rowCount(payload)).toBe(BIG);
  });

  it('cuts only its own download when its worker dies mid-file, and the next export gets a new worker', async () => {
    const exported = await startExport();
    const [worker] = t.app.services.casos.exportWorkers();
    expect(worker, 'the export was still being written').toBeDefined();
    await worker!.terminate();
    await expect(exported.rest()).rejects.toThrow();

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const next = await t.request('user', { method: 'POST', url: '/api/casos/export', payload: { busquedaRapida: `grande ${BIG}` } });
    expect(next.statusCode).toBe(200);
    expect(await rowCount(next.rawPayload)).toBe(1);
    expect(t.app.services.casos.exportWorkers()).toHaveLength(0);
  });
});

describe('export workers that cannot start, or are all busy', () => {
  it('fails the request before its answer when the worker cannot start (here: a heap too small to load ExcelJS)', async () => {
    const small = await createTestApp({}, { exportWorkers: { heapMb: 4 } });
    try {
      await createCaso(small, {});
      const response = await small.request('user', { method: 'POST', url: '/api/casos/export', payload: {} });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: MSG_INTERNAL });
      expectLoggedError(/memory limit/);
      expect((await small.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('queues an export while every worker is busy and answers 503 when the queue is full', async () => {
    const one = await createTestApp({}, { exportWorkers: { workers: 1, waiting: 1 } });
    try {
      await createCaso(one, {});
      const exportAll = () => one.request('user', { method: 'POST', url: '/api/casos/export', payload: {} });
      const responses = await Promise.all([exportAll(), exportAll(), exportAll()]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 503]);
      const busy = responses.find((response) => response.statusCode === 503)!;
      expect(busy.json()).toEqual({ message: CASO_MESSAGES.exportOcupado });
      expect(busy.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
      expectLoggedError(/unavailable: answered 503/);
      for (const response of responses.filter((item) => item.statusCode === 200)) expect(await rowCount(response.rawPayload)).toBe(1);
    } finally {
      await one.close();
    }
  });
});
