import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { CasoListRow } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ensureCompania } from '../../../test/fixtures';
import { lesionados } from '../../db/tables/lesionados';
import { audiencias } from '../../db/tables/mediacion';
import { analistas } from '../../db/tables/reference';
import { asegurado, createCaso, planOf, queryRows, tercero } from './casos.test-helpers';
import { casos } from '../../db/tables/casos';

type ListResponse = { cases: (CasoListRow & { totalCount?: number })[]; totalPages: number; totalRows: number };

let t: TestApp;
/** The five cases of this file, by letter. */
const ids: Record<'a' | 'b' | 'c' | 'd' | 'e', number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };
let companiaX: number;
let companiaY: number;
let analistaUno: number;
let analistaDos: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  companiaX = await ensureCompania(db, 'Compañía Equis');
  companiaY = await ensureCompania(db, 'Seguros Ye');
  [analistaUno, analistaDos] = (await db.insert(analistas).values([{ apellido: 'Uno', nombre: 'Ana' }, { apellido: 'Dos', nombre: 'Beto' }]).returning()).map((row) => row.id) as [number, number];

  ids.a = await createCaso(t, {
    caso: { id_compania: companiaX, reclamo_nro: '1001', id_producto: 1 },
    asegurado: asegurado({ apellido: 'González', nombre: 'María José', nro_doc: '28123456', cuit: '27-28123456-4', dominio: 'AB123CD' }),
    terceros: [tercero(1, { apellido: 'Núñez', nombre: 'Joaquín', nro_doc: '7654321', cuit: '20-07654321-9', dominio: 'KDP512' })],
  });
  ids.b = await createCaso(t, {
    caso: { id_compania: companiaY, reclamo_nro: '1002', id_producto: 2 },
    asegurado: asegurado({ apellido: 'Pérez', nombre: 'Juan', nro_doc: '11222333', cuit: null, dominio: 'AA999BB' }),
    terceros: [tercero(1, { apellido: 'Ibáñez', nombre: 'Lucía', dominio: 'AB777CD' }), tercero(2, { apellido: 'GÓMEZ', nombre: 'Raúl', dominio: 'GG222GG' })],
  });
  ids.c = await createCaso(t, {
    caso: { id_compania: companiaX, reclamo_nro: '1003', id_producto: null },
    asegurado: asegurado({ apellido: 'Lopez', nombre: 'Sofía', nro_doc: '33444555', cuit: '20-33444555-1', dominio: 'ZZ100AA' }),
    terceros: [],
  });
  ids.d = await createCaso(t, {
    caso: { id_compania: companiaY, reclamo_nro: '5050', id_producto: 1 },
    asegurado: asegurado({ apellido: "O'Brien 50%_x", nombre: 'Pat', nro_doc: '44555666', cuit: null, dominio: 'QQ111QQ' }),
    terceros: [tercero(1, { apellido: 'Muñoz', nombre: 'Elena', dominio: 'MM333MM' })],
  });
  ids.e = await createCaso(t, {
    caso: { id_compania: companiaX, reclamo_nro: '9009', id_producto: 3 },
    asegurado: asegurado({ apellido: 'Perez', nombre: 'Ana', nro_doc: '55666777', cuit: null, dominio: 'EE555EE' }),
    terceros: [tercero(1, { apellido: 'Martínez', nombre: 'Pablo', dominio: 'XY050ZZ' })],
  });

  // Status, dates, analysts, flags and extras set straight in the database: not what is tested here.
  const set = (id: number, values: Partial<typeof casos.$inferInsert>) => db.update(casos).set(values).where(eq(casos.id, id));
  await set(ids.a, { fecha_creado: '2026-01-05', id_analista: analistaUno, urg: true });
  await set(ids.b, { fecha_creado: '2026-02-10', id_estado: 9, sc: true });
  await set(ids.c, { fecha_creado: '2026-03-15', id_estado: 3, id_analista: analistaDos });
  await set(ids.d, { fecha_creado: '2026-03-31', id_analista: analistaUno, urg: true, sc: true });
  await set(ids.e, { fecha_creado: '2026-04-01', id_estado: 14 });
  await db.insert(lesionados).values({ id_caso: ids.a, apellido: 'Herido', nombre: 'Uno', id_tipo_doc: 1, nro_doc: '1' });
  await db.insert(audiencias).values({ id_caso: ids.b, fecha: '2026-02-01', fechah: '2026-03-01', hora: '10:00', lugar: 'Mediación' });
});
afterAll(() => t?.close());

const filtro = async (body: Record<string, unknown>, page = 1, pageSize = 100): Promise<ListResponse> => {
  const response = await t.request('user', { method: 'POST', url: `/api/casos/filtro/?page=${page}&pageSize=${pageSize}`, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const found = async (body: Record<string, unknown>) => (await filtro(body)).cases.map((row) => row.id);
const names = (...keys: (keyof typeof ids)[]) => keys.map((key) => ids[key]).sort((x, y) => y - x);

describe('GET /api/casos', () => {
  it('lists newest first with the row fields, counters and lookups', async () => {
    const response = await t.request('user', { method: 'GET', url: '/api/casos/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.cases.map((row: CasoListRow) => row.id)).toEqual(names('a', 'b', 'c', 'd', 'e'));
    expect(body).toMatchObject({ totalCount: 3, totalCloseCount: 2, totalPages: 1 });
    for (const key of ['analistas', 'estados', 'productos', 'companias']) expect(body[key].length).toBeGreaterThan(0);
    const rowA = body.cases.find((row: CasoListRow) => row.id === ids.a);
    expect(rowA).toMatchObject({
      fecha_creado: '2026-01-05',
      t_apellido: 'Núñez',
      t_nombre: 'Joaquín',
      t_dominio: 'KDP512',
      nombre_compania: 'Compañía Equis',
      fecha_siniestro: '2026-01-10',
      estado: 'Pendiente Documentación',
      producto: 'Daños Materiales',
      lesionado: true,
      mediacion: false,
      id_letrado: null,
      id_analista: analistaUno,
      an_apellido: 'Uno',
      an_nombre: 'Ana',
      reclamo_nro: '1001',
      urg: true,
      sc: false,
    });
    const rowB = body.cases.find((row: CasoListRow) => row.id === ids.b);
    expect(rowB).toMatchObject({ t_apellido: 'Ibáñez', estado: 'Cierre - Sin Acuerdo', lesionado: false, mediacion: true, an_apellido: null });
    const rowC = body.cases.find((row: CasoListRow) => row.id === ids.c);
    expect(rowC).toMatchObject({ t_apellido: null, t_dominio: null, producto: null });
  });

  it('pages in SQL with the total page count of all cases', async () => {
    const first = (await t.request('user', { method: 'GET', url: '/api/casos?page=1&pageSize=2' })).json();
    const second = (await t.request('user', { method: 'GET', url: '/api/casos?page=2&pageSize=2' })).json();
    const third = (await t.request('user', { method: 'GET', url: '/api/casos?page=3&pageSize=2' })).json();
    const fourth = (await t.request('user', { method: 'GET', url: '/api/casos?page=4&pageSize=2' })).json();
    expect(first.totalPages).toBe(3);
    expect(first.cases.map((row: CasoListRow) => row.id)).toEqual(names('a', 'b', 'c', 'd', 'e').slice(0, 2));
    // Pages past the middle are read from the oldest end: same rows, same order.
    expect(second.cases.map((row: CasoListRow) => row.id)).toEqual(names('a', 'b', 'c', 'd', 'e').slice(2, 4));
    expect(third.cases.map((row: CasoListRow) => row.id)).toEqual(names('a', 'b', 'c', 'd', 'e').slice(4));
    expect(third.cases[0]).toMatchObject({ t_apellido: 'Núñez', nombre_compania: 'Compañía Equis' });
    expect(fourth.cases).toEqual([]);
    expect((await t.request('user', { method: 'GET', url: '/api/casos?pageSize=101' })).statusCode).toBe(400);
  });

  it('reads Vigentes / Cerrados from caso_contadores, which the trigger keeps exact', async () => {
    const db = t.database.db;
    const [real] = await queryRows<{ vigentes: number; cerrados: number }>(
      db,
      sql`select count(*) filter (where id_estado < 8)::int as vigentes, count(*) filter (where id_estado >= 8)::int as cerrados from casos`,
    );
    const body = (await t.request('user', { method: 'GET', url: '/api/casos' })).json();
    expect([body.totalCount, body.totalCloseCount]).toEqual([real!.vigentes, real!.cerrados]);

    // The list reads the counter rows rather than counting the cases.
    await db.execute(sql`update caso_contadores set total = total + 1000 where cerrado`);
    expect((await t.request('user', { method: 'GET', url: '/api/casos' })).json().totalCloseCount).toBe(real!.cerrados + 1000);
    await db.execute(sql`update caso_contadores set total = total - 1000 where cerrado`);
  });

  it('keeps the lookups in memory and reloads them after a write through the reference API', async () => {
    const lookups = async () => (await t.request('user', { method: 'GET', url: '/api/casos' })).json() as { companias: { nombre: string }[]; analistas: { apellido: string }[] };
    await lookups();
    // A row written behind the service's back is not seen: the list did not query the table again.
    await ensureCompania(t.database.db, 'Compañía Directa');
    expect((await lookups()).companias.map((row) => row.nombre)).not.toContain('Compañía Directa');

    expect((await t.request('admin', { method: 'POST', url: '/api/companias', payload: { nombre: 'Compañía Nueva' } })).statusCode).toBe(201);
    expect((await lookups()).companias.map((row) => row.nombre)).toEqual(expect.arrayContaining(['Compañía Directa', 'Compañía Nueva']));
    const created = await t.request('admin', { method: 'POST', url: '/api/analistas', payload: { nombre: 'Nora', apellido: 'Cacheada' } });
    expect((await lookups()).analistas.map((row) => row.apellido)).toContain('Cacheada');
    const id = created.json().data.id;
    await t.request('admin', { method: 'PATCH', url: `/api/analistas/${id}`, payload: { id, nombre: 'Nora', apellido: 'Renombrada' } });
    expect((await lookups()).analistas.map((row) => row.apellido)).toContain('Renombrada');
  });
});

describe('POST /api/casos/filtro: each filter alone', () => {
  it.each([
    ['nroCaso', () => ({ nroCaso: String(ids.c) }), ['c']],
    ['nroSiniestro', () => ({ nroSiniestro: '5050' }), ['d']],
    ['estado', () => ({ estado: '3' }), ['c']],
    ['producto', () => ({ producto: 1 }), ['a', 'd']],
    ['compania', () => ({ compania: String(companiaY) }), ['b', 'd']],
    ['analista', () => ({ analista: String(analistaUno) }), ['a', 'd']],
    ['analista sin', () => ({ analista: 'sin' }), ['b', 'e']],
    ['flag', () => ({ flag: '17' }), ['b', 'd']],
    ['fechaDesde (inclusive)', () => ({ fechaDesde: '2026-03-15' }), ['c', 'd', 'e']],
    ['fechaHasta (inclusive)', () => ({ fechaHasta: '2026-02-10' }), ['a', 'b']],
    ['condCasos Vigentes', () => ({ condCasos: '1' }), ['a', 'c', 'd']],
    ['condCasos Cerrados', () => ({ condCasos: '2' }), ['b', 'e']],
    ['condCasos todos', () => ({ condCasos: '0' }), ['a', 'b', 'c', 'd', 'e']],
    ['dominio of the insured', () => ({ dominio: 'aa999' }), ['b']],
    ['dominio of any third party', () => ({ dominio: 'ab' }), ['a', 'b']],
    ['dominio of a second third party', () => ({ dominio: 'GG222' }), ['b']],
    ['apellido of the insured, no accent typed', () => ({ apellido: 'gonzalez' }), ['a']],
    ['apellido, accents and case ignored both ways', () => ({ apellido: 'PÉREZ' }), ['b', 'e']],
    ['apellido of a third party', () => ({ apellido: 'nuñez' }), ['a']],
    ['apellido of a second third party in capitals', () => ({ apellido: 'gomez' }), ['b']],
    ['apellido is not the name', () => ({ apellido: 'joaquin' }), []],
  ] as const)('%s', async (_label, body, expected) => {
    expect(await found(body())).toEqual(names(...expected));
  });
});

describe('quick search (busquedaRapida)', () => {
  it.each([
    ['insured surname without accent', 'gonzalez', ['a']],
    ['insured surname with accent and capitals', 'GONZÁLEZ', ['a']],
    ['insured name', 'sofia', ['c']],
    ['insured document', '33444555', ['c']],
    ['insured CUIT', '27-28123456', ['a']],
    ['insured plate, partial, lowercase', 'ab123', ['a']],
    ['third party surname', 'ibanez', ['b']],
    ['third party name', 'Raúl', ['b']],
    ['third party document', '7654321', ['a']],
    ['third party CUIT', '20-07654321', ['a']],
    ['third party plate', 'mm333', ['d']],
    ['claim number', '9009', ['e']],
    ['several words, all must match', 'perez juan', ['b']],
    ['LIKE wildcards are literal: %', '50%_x', ['d']],
    ['LIKE wildcards are literal: _', 'o_brien', []],
    ['no match', 'inexistente', []],
  ] as const)('%s', async (_label, busquedaRapida, expected) => {
    expect(await found({ busquedaRapida })).toEqual(names(...expected));
  });

  it('reads a word without three letters or digits in a row by strpos, never by the trigram index, which would read all of itself', async () => {
    // Each as the Apellido filter, whose subqueries once made PostgreSQL choose that index (3.2-4.4 s at 1M cases).
    for (const [apellido, expected] of [['%', ['d']], ['_', ['d']], ["o'", ['d']], ['mu', ['d']], ['qz', []]] as const) {
      expect(await found({ apellido }), apellido).toEqual(names(...expected));
      expect(await planOf(t, { apellido }, 'collect', { seqScanOff: true }), apellido).not.toContain('casos_busqueda_trgm_idx');
    }
  });
});

describe('filters combined, totals and paging', () => {
  it('combines filters with AND', async () => {
    expect(await found({ compania: String(companiaX), condCasos: '1' })).toEqual(names('a', 'c'));
    expect(await found({ compania: String(companiaX), condCasos: '1', analista: String(analistaDos) })).toEqual(names('c'));
    expect(await found({ apellido: 'perez', dominio: 'gg' })).toEqual(names('b'));
    expect(await found({ busquedaRapida: 'perez', condCasos: '2', fechaDesde: '2026-03-01', fechaHasta: '2026-12-31' })).toEqual(names('e'));
    expect(await found({ flag: 1, producto: 1, fechaDesde: '2026-03-01' })).toEqual(names('d'));
    expect(await found({ nroCaso: String(ids.a), estado: '3' })).toEqual([]);
  });

  it('pages the filtered rows: totalRows, totalPages and totalCount on the first row', async () => {
    const first = await filtro({ compania: String(companiaX) }, 1, 2);
    expect(first.totalRows).toBe(3);
    expect(first.totalPages).toBe(2);
    expect(first.cases.map((row) => row.id)).toEqual(names('a', 'c', 'e').slice(0, 2));
    expect(first.cases[0]!.totalCount).toBe(3);
    expect(first.cases[1]!.totalCount).toBeUndefined();
    const second = await filtro({ compania: String(companiaX) }, 2, 2);
    expect(second.cases.map((row) => row.id)).toEqual(names('a', 'c', 'e').slice(2));
    const vigentes = await filtro({ condCasos: '1' }, 1, 1);
    expect([vigentes.totalRows, vigentes.totalPages]).toEqual([3, 3]);
  });

  it('answers no match with 200, no cases and zero totals', async () => {
    expect(await filtro({ nroSiniestro: '123456789' })).toEqual({ cases: [], totalPages: 0, totalRows: 0, totalCapped: false });
    expect(await filtro({ nroCaso: '99999999999999' })).toEqual({ cases: [], totalPages: 0, totalRows: 0, totalCapped: false });
    expect((await filtro({ estado: '99999' })).totalRows).toBe(0);
  });

  it('accepts null for an unused filter and refuses invalid values with 400', async () => {
    expect(await found({ nroCaso: null, apellido: null, condCasos: null, busquedaRapida: 'gonzalez' })).toEqual(names('a'));
    for (const body of [{ nroCaso: 'abc' }, { flag: '18' }, { fechaDesde: '05/01/2026' }, { condCasos: '4' }, { otro: 1 }]) {
      const response = await t.request('user', { method: 'POST', url: '/api/casos/filtro', payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('no-filter totals come from the counters', async () => {
    const all = await filtro({}, 1, 2);
    expect([all.totalRows, all.totalPages]).toEqual([5, 3]);
  });
});

// Last: it adds a case the filters above don't expect.
describe('names of the rows', () => {
  it('names a row whose company the lookups in memory lack (added by another server process)', async () => {
    await t.request('user', { method: 'GET', url: '/api/casos' });
    const otra = await ensureCompania(t.database.db, 'Compañía De Otro Proceso');
    const id = await createCaso(t, { caso: { id_compania: otra, reclamo_nro: '7777', id_producto: 1 }, asegurado: asegurado({ apellido: 'Ajeno' }), terceros: [] });
    const listed = (await t.request('user', { method: 'GET', url: '/api/casos?pageSize=100' })).json() as { cases: CasoListRow[]; companias: { nombre: string }[] };
    expect(listed.cases.find((row) => row.id === id)).toMatchObject({ nombre_compania: 'Compañía De Otro Proceso', producto: 'Daños Materiales' });
    expect(listed.companias.map((row) => row.nombre)).toContain('Compañía De Otro Proceso');
  });

  it('writes page 1 with the same rows, keys and key order as the filtered list (both JSON made by PostgreSQL)', async () => {
    const id = await createCaso(t, {
      caso: { id_compania: companiaY, reclamo_nro: '8888', id_producto: null },
      asegurado: asegurado({ apellido: 'Escapes' }),
      terceros: [tercero(1, { apellido: 'D\'Angelo "Tano" \\ Ñandú', nombre: 'Línea\nNueva\tTab', dominio: 'AB123CD' })],
    });
    await t.database.db.update(casos).set({ id_analista: analistaDos, ana: true, sc: true }).where(eq(casos.id, id));
    const page1 = (await t.request('user', { method: 'GET', url: '/api/casos?page=1&pageSize=100' })).json() as { cases: CasoListRow[] };
    // The filter without conditions reads the same cases through its own statements.
    const [head, ...rest] = (await filtro({}, 1, 100)).cases;
    const { totalCount, ...headRow } = head!;
    expect(totalCount).toBe(page1.cases.length);
    expect(page1.cases).toEqual([headRow, ...rest]);
    expect(page1.cases.map((row) => Object.keys(row))).toEqual([headRow, ...rest].map((row) => Object.keys(row)));
    expect(page1.cases[0]).toMatchObject({ id, t_apellido: 'D\'Angelo "Tano" \\ Ñandú', t_nombre: 'Línea\nNueva\tTab', an_apellido: 'Dos', ana: true, producto: null });
  });
});
