import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso, type ValoresPage } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ensureCompania, insertCaso } from '../../../test/fixtures';
import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/client';
import { inspecciones } from '../../db/tables/inspeccion';

let t: TestApp;
let norte: number;
let sur: number;
let ids: Record<string, number>;

const inspeccion = (idCaso: number, estado: string, monto: string | null, fechaCierre: string | null) =>
  t.database.db.insert(inspecciones).values({
    id_caso: idCaso,
    id_inspector: t.ids.inspectorRecord,
    fecha_inspeccion: '2028-01-01',
    direccion: 'Calle 1',
    detalle: 'Detalle',
    estado,
    monto_inspeccion: monto,
    fecha_cierre: fechaCierre,
    resultado: estado === 'Finalizada' ? 'Daños leves' : null,
  });

beforeAll(async () => {
  t = await createTestApp();
  norte = await ensureCompania(t.database.db, 'Aseguradora Norte');
  sur = await ensureCompania(t.database.db, 'Aseguradora Sur');
  const productos: { id: number; nombre: string }[] = (await t.request('user', { method: 'GET', url: '/api/casos/productos' })).json();
  const lesiones = productos.find((producto) => producto.nombre === 'Lesiones')!.id;

  const a = await insertCaso(t.database.db, { idEstado: 9, idCompania: norte, fechaCierre: '2028-03-01', valorOfertado: '200000.00', idProducto: lesiones });
  const b = await insertCaso(t.database.db, { idEstado: 17, idCompania: sur, fechaCierre: '2028-03-15' });
  const c = await insertCaso(t.database.db, { idEstado: 8, idCompania: norte, fechaCierre: '2028-03-15', valorOfertado: '1234.5', valorAcordado: '1100' });
  const d = await insertCaso(t.database.db, { idEstado: 14, idCompania: sur, fechaCierre: '2028-04-02' });
  // Still open: never in the report, whatever its dates.
  const vigente = await insertCaso(t.database.db, { idEstado: 7, idCompania: norte, fechaCierre: '2028-03-20' });
  ids = { a: a.id, b: b.id, c: c.id, d: d.id, vigente: vigente.id };

  await inspeccion(a.id, 'Finalizada', '1000.00', '2028-01-05');
  await inspeccion(a.id, 'Finalizada', '1500.50', '2028-02-10');
  await inspeccion(a.id, 'Coordinada', null, null);
  await inspeccion(c.id, 'Coordinada', '999.00', null);
});
afterAll(() => t?.close());

const valores = async (query = '?page=1&pageSize=100') => {
  const response = await t.request('user', { method: 'GET', url: `/api/casos/valores/${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ValoresPage;
};
const filtrar = async (filtro: Record<string, unknown>, query = '?page=1&pageSize=100') => {
  const response = await t.request('user', { method: 'POST', url: `/api/casos/filtrovalores/${query}`, payload: filtro });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ValoresPage;
};
const idsOf = (page: ValoresPage) => page.casos.map((row) => row.id);

describe('GET /casos/valores/', () => {
  it('lists closed cases only, latest closing date first, with the latest Finalizada inspection amount', async () => {
    const page = await valores();
    expect(idsOf(page)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(page.totalCount).toBe(4);
    expect(page.totalPages).toBe(1);
    expect(page.casos[3]).toEqual({
      id: ids.a,
      id_estado: 9,
      nombre_compania: 'Aseguradora Norte',
      estado: 'Cierre - Sin Acuerdo',
      producto: 'Lesiones',
      fecha_creado: todayIso(),
      fecha_cierre: '2028-03-01',
      monto_inspeccion: '1500.50',
      valor_ofertado: '200000.00',
      valor_acordado: null,
      // Payments (docs/decisions/082): nothing agreed, nothing pending.
      valor_pagado: '0.00',
      valor_pendiente: null,
    });
    // A pending inspection's amount is not a value of the report.
    expect(page.casos[1]).toMatchObject({ id: ids.c, estado: 'Finalizado', monto_inspeccion: null, valor_ofertado: '1234.50', producto: null });
    // The amount the third party agreed to (decision 036), beside the offer.
    expect(page.casos[1]).toMatchObject({ id: ids.c, valor_acordado: '1100.00' });
  });

  it('pages in SQL', async () => {
    const page = await valores('?page=2&pageSize=3');
    expect(idsOf(page)).toEqual([ids.a]);
    expect(page).toMatchObject({ totalPages: 2, totalCount: 4 });
    expect(idsOf(await valores(''))).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect((await t.request('user', { method: 'GET', url: '/api/casos/valores/?page=0' })).statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    expect((await t.request('inspector', { method: 'GET', url: '/api/casos/valores/' })).statusCode).toBe(403);
    expect((await t.request(null, { method: 'POST', url: '/api/casos/filtrovalores/', payload: {} })).statusCode).toBe(401);
  });
});

describe('POST /casos/filtrovalores/', () => {
  it('filters by company and by closing date range, both ends inclusive', async () => {
    expect(idsOf(await filtrar({ compania: String(norte) }))).toEqual([ids.c, ids.a]);
    expect(idsOf(await filtrar({ compania: sur, fechaDesde: '', fechaHasta: '' }))).toEqual([ids.d, ids.b]);
    expect(idsOf(await filtrar({ fechaDesde: '2028-03-01', fechaHasta: '2028-03-15' }))).toEqual([ids.c, ids.b, ids.a]);
    expect(idsOf(await filtrar({ fechaDesde: '2028-03-02' }))).toEqual([ids.d, ids.c, ids.b]);
    expect(idsOf(await filtrar({ fechaHasta: '2028-03-14', compania: null }))).toEqual([ids.a]);
    const page = await filtrar({ compania: String(sur), fechaDesde: '2028-01-01' }, '?page=1&pageSize=1');
    expect(page).toMatchObject({ totalPages: 2, totalCount: 2 });
    expect(idsOf(page)).toEqual([ids.d]);
  });

  it.runIf(process.env.TEST_DB !== 'postgres')('keeps the plan of a filtered page 1: its OFFSET is written in (PGlite: the app is its only session)', async () => {
    for (let request = 0; request < 8; request++) await filtrar({ fechaDesde: '2028-03-01', fechaHasta: '2028-03-31' }, '?page=1&pageSize=20');
    // Its shape: no company, both dates, newest first, page 1 (flags 0 1 1 0 0 1), size 20.
    const plans = resultRows<{ generic_plans: number }>(
      await t.database.db.execute(sql`select generic_plans from pg_prepared_statements where name = 'valores_page_011001_20'`),
    );
    expect(plans).toHaveLength(1);
    expect(Number(plans[0]!.generic_plans)).toBeGreaterThan(0);
  });

  it('answers an empty page when nothing matches and 400 for bad filters', async () => {
    expect(await filtrar({ fechaDesde: '2029-01-01' })).toEqual({ casos: [], totalPages: 0, totalCount: 0 });
    const bad = await t.request('user', { method: 'POST', url: '/api/casos/filtrovalores/', payload: { compania: 'Norte', fechaDesde: '2028-02-31' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'compania', message: 'Solo se permiten numeros' },
        { path: 'fechaDesde', message: 'La fecha debe tener el formato AAAA-MM-DD' },
      ]),
    );
  });
});
