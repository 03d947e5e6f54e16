import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { desc, sql } from 'drizzle-orm';
import { COND_CASOS, FIRST_CLOSED_ESTADO, SIN_ANALISTA, addDaysIso, casoFiltroSchema, finDeSemanaIso, todayIso, type CasoFiltro } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { seedDemo } from '../../demo/demo-load';
import { DEMO_MOST_COMMON_APELLIDO } from '../../demo/demo-data';
import { differingCounterRows } from '../../db/counters-check';
import { CASO_BLOQUE_BITS, CASO_TRAMO_BITS, casos } from '../../db/tables/casos';
import { filterWhere } from './casos.list.filters';

/**
 * Deep pages (docs/decisions/042): every page of the whole list, of 'Vigentes' / 'Cerrados' and of
 * a filter is exactly what ORDER BY id DESC OFFSET would give, whatever the depth, on cases spread
 * over many blocks of caso_bloques (with gaps, deletions and status changes made through SQL, so
 * the trigger keeps the blocks, not the loader).
 */
/** How deep a page is, 0 (first) to 1.05 (just past the last), spread evenly (fc.double favours the ends). */
const DEPTH = fc.integer({ min: 0, max: 1050 }).map((n) => n / 1000);

let t: TestApp;
const db = () => t.database.db;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

type ListBody = { cases: { id: number; totalCount?: number }[]; totalPages: number; totalCount: number; totalCloseCount: number; totalRows?: number; totalCapped?: boolean };

const CONDITION = {
  [COND_CASOS.TODOS]: sql`true`,
  [COND_CASOS.VIGENTES]: sql`id_estado < ${FIRST_CLOSED_ESTADO}`,
  [COND_CASOS.CERRADOS]: sql`id_estado >= ${FIRST_CLOSED_ESTADO}`,
};

async function offsetIds(where: ReturnType<typeof sql>, limit: number, offset: number): Promise<number[]> {
  const found = await rows<{ id: number }>(sql`select id from casos where ${where} order by id desc offset ${offset} limit ${limit}`);
  return found.map((row) => Number(row.id));
}

async function totals() {
  const [row] = await rows<{ vigentes: number; cerrados: number }>(
    sql`select count(*) filter (where id_estado < ${FIRST_CLOSED_ESTADO})::int as vigentes, count(*) filter (where id_estado >= ${FIRST_CLOSED_ESTADO})::int as cerrados from casos`,
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database, { cases: 2_500, seed: 17, until: '2026-06-30' });
  // Cases far beyond the loaded ids (blocks with gaps between them), written one by one through
  // SQL so the trigger counts them; then some deleted, and some closed or reopened.
  await db().execute(sql`insert into casos (id, id_compania, reclamo_nro, gestor, fecha_creado, usuario, id_estado, fecha_estado, id_asegurado, busqueda, id_analista)
    select id * 3 + 4000, id_compania, reclamo_nro, gestor, fecha_creado, usuario, id_estado, fecha_estado, id_asegurado, busqueda, id_analista
    from casos where id % 4 = 1`);
  // And in three more tramos of caso_tramos (131,072 ids each), the middle one with a gap.
  await db().execute(sql`insert into casos (id, id_compania, reclamo_nro, gestor, fecha_creado, usuario, id_estado, fecha_estado, id_asegurado, busqueda, id_analista)
    select ((1 + id % 4) << ${CASO_TRAMO_BITS}) + id * 5, id_compania, reclamo_nro, gestor, fecha_creado, usuario, id_estado, fecha_estado, id_asegurado, busqueda, id_analista
    from casos where id < 4000 and id % 5 = 2 and id % 4 <> 1`);
  await db().execute(sql`delete from casos where id > 4000 and id % 5 = 0`);
  await db().execute(sql`update casos set id_estado = case when id_estado >= ${FIRST_CLOSED_ESTADO} then 2 else 9 end where id % 7 = 0`);
});
afterAll(() => t?.close());

describe('deep pages of the counted lists', () => {
  it('spans many blocks, and the trigger kept the per-block counts and the counters exact', async () => {
    const blocks = await rows<{ bloque: number; cerrado: boolean; total: number }>(
      sql`select bloque, cerrado, total from caso_bloques where total <> 0 order by 1, 2`,
    );
    const counted = await rows<{ bloque: number; cerrado: boolean; total: number }>(
      sql`select id >> ${CASO_BLOQUE_BITS} as bloque, id_estado >= ${FIRST_CLOSED_ESTADO} as cerrado, count(*)::int as total from casos group by 1, 2 order by 1, 2`,
    );
    expect(blocks).toEqual(counted);
    expect(new Set(blocks.map((block) => block.bloque)).size).toBeGreaterThan(6);
    const tramos = await rows<{ tramo: number; cerrado: boolean; total: number }>(
      sql`select tramo, cerrado, total from caso_tramos where total <> 0 order by 1, 2`,
    );
    const countedTramos = await rows<{ tramo: number; cerrado: boolean; total: number }>(
      sql`select id >> ${CASO_TRAMO_BITS} as tramo, id_estado >= ${FIRST_CLOSED_ESTADO} as cerrado, count(*)::int as total from casos group by 1, 2 order by 1, 2`,
    );
    expect(tramos).toEqual(countedTramos);
    expect(new Set(tramos.map((tramo) => tramo.tramo))).toEqual(new Set([0, 1, 3, 4]));
    const { vigentes, cerrados } = await totals();
    const [contadores] = await rows<{ vigentes: number; cerrados: number }>(
      sql`select sum(total) filter (where not cerrado)::int as vigentes, sum(total) filter (where cerrado)::int as cerrados from caso_contadores`,
    );
    expect(contadores).toEqual({ vigentes, cerrados });
  });

  it('GET /casos: every page is the OFFSET page, with the same totals', async () => {
    const { vigentes, cerrados } = await totals();
    const total = vigentes + cerrados;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100 }), DEPTH, async (pageSize, depth) => {
        const page = Math.max(1, Math.ceil((total / pageSize) * depth));
        const response = await t.request('user', { method: 'GET', url: `/api/casos/?page=${page}&pageSize=${pageSize}` });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<ListBody>();
        expect(body.cases.map((row) => row.id)).toEqual(await offsetIds(CONDITION[COND_CASOS.TODOS], pageSize, (page - 1) * pageSize));
        expect([body.totalPages, body.totalCount, body.totalCloseCount]).toEqual([Math.ceil(total / pageSize), vigentes, cerrados]);
      }),
      { numRuns: 40 },
    );
  });

  it('POST /casos/filtro with Todos, Vigentes or Cerrados: every page is the OFFSET page, the first row carries the total', async () => {
    const { vigentes, cerrados } = await totals();
    const conds = [COND_CASOS.TODOS, COND_CASOS.VIGENTES, COND_CASOS.CERRADOS] as const;
    const totalOf = { [COND_CASOS.TODOS]: vigentes + cerrados, [COND_CASOS.VIGENTES]: vigentes, [COND_CASOS.CERRADOS]: cerrados };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...conds), fc.integer({ min: 1, max: 100 }), DEPTH, async (cond, pageSize, depth) => {
        const total = totalOf[cond];
        const page = Math.max(1, Math.ceil((total / pageSize) * depth));
        const response = await t.request('user', { method: 'POST', url: `/api/casos/filtro/?page=${page}&pageSize=${pageSize}`, payload: { condCasos: cond } });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<ListBody>();
        const expected = await offsetIds(CONDITION[cond], pageSize, (page - 1) * pageSize);
        expect(body.cases.map((row) => row.id)).toEqual(expected);
        expect(body.totalRows).toBe(total);
        expect(body.totalPages).toBe(Math.ceil(total / pageSize));
        if (expected.length > 0) expect(body.cases[0]!.totalCount).toBe(total);
      }),
      { numRuns: 60 },
    );
  });

  it('an offset past the end answers no rows; the first and last rows of each block boundary are not lost', async () => {
    const { vigentes, cerrados } = await totals();
    const past = await t.request('user', { method: 'GET', url: `/api/casos/?page=${Math.ceil((vigentes + cerrados) / 20) + 1}&pageSize=20` });
    expect(past.json<ListBody>().cases).toEqual([]);
    // Page size 1 at every offset around the first block boundaries below the newest id.
    const all = await offsetIds(CONDITION[COND_CASOS.VIGENTES], 100_000, 0);
    const boundaries = all.flatMap((id, index) => (index > 0 && all[index - 1]! >> CASO_BLOQUE_BITS !== id >> CASO_BLOQUE_BITS ? [index - 1, index] : []));
    expect(boundaries.length).toBeGreaterThan(4);
    const tramoBoundaries = all.flatMap((id, index) => (index > 0 && all[index - 1]! >> CASO_TRAMO_BITS !== id >> CASO_TRAMO_BITS ? [index - 1, index] : []));
    expect(tramoBoundaries).toHaveLength(6);
    boundaries.push(...tramoBoundaries, all.length - 1);
    for (const index of boundaries) {
      const response = await t.request('user', { method: 'POST', url: `/api/casos/filtro/?page=${index + 1}&pageSize=1`, payload: { condCasos: COND_CASOS.VIGENTES } });
      expect(response.json<ListBody>().cases.map((row) => row.id)).toEqual([all[index]]);
    }
  });
});

describe('deep pages of other filters', () => {
  it('every page of a filter is the OFFSET page (an exact total reads the deep half from the oldest end)', async () => {
    const [top] = await rows<{ id_compania: number; id_analista: number }>(
      sql`select id_compania, (select id_analista from casos where id_analista is not null group by 1 order by count(*) desc limit 1) as id_analista from casos group by 1 order by count(*) desc limit 1`,
    );
    const filtros: Partial<CasoFiltro>[] = [
      { compania: String(top!.id_compania) },
      { compania: String(top!.id_compania), condCasos: COND_CASOS.VIGENTES },
      { analista: String(top!.id_analista) },
      { estado: '2' },
      { busquedaRapida: DEMO_MOST_COMMON_APELLIDO },
      // Searches with many and few matches (a few are read through the trigram index, then sorted).
      { busquedaRapida: 'ez' },
      { busquedaRapida: 'a e' },
      { dominio: 'a' },
      { apellido: DEMO_MOST_COMMON_APELLIDO.slice(0, 3) },
      { fechaDesde: '2025-01-01' },
      // Most cases: deep pages past DEEP_OFFSET, read from the oldest end when the total is exact.
      { fechaDesde: '2000-01-01' },
      { fechaDesde: '2000-01-01', condCasos: COND_CASOS.VIGENTES },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...filtros),
        fc.boolean(),
        fc.constantFrom(1, 7, 20, 100),
        DEPTH,
        async (partial, exact, pageSize, depth) => {
          const filtro = casoFiltroSchema.parse(partial);
          const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from casos where ${filterWhere(filtro, 'walk') ?? sql`true`}`)) as [{ n: number }];
          const page = Math.max(1, Math.ceil((n / pageSize) * depth));
          const response = await t.request('user', {
            method: 'POST',
            url: `/api/casos/filtro/?page=${page}&pageSize=${pageSize}${exact ? '&exactCount=1' : ''}`,
            payload: partial,
          });
          expect(response.statusCode, response.body).toBe(200);
          const body = response.json<ListBody>();
          const expected = (
            await db()
              .select({ id: casos.id })
              .from(casos)
              .where(filterWhere(filtro, 'walk'))
              .orderBy(desc(casos.id))
              .limit(pageSize)
              .offset((page - 1) * pageSize)
          ).map((row) => row.id);
          expect(body.cases.map((row) => row.id)).toEqual(expected);
          if (exact) expect(body.totalRows).toBe(n);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a filter of status, company, analyst and condition alone: the exact total from caso_contadores_compania, every page the OFFSET page', async () => {
    // Through SQL, so the counters' trigger keeps the counts (drizzle/0028): cases moved to another
    // company, their analyst cleared or given, and (beforeAll) statuses changed and cases deleted.
    await db().execute(sql`update casos set id_compania = (select max(id) from companias) where id % 9 = 4`);
    await db().execute(sql`update casos set id_analista = null where id % 10 = 3`);
    await db().execute(sql`update casos set id_analista = (select min(id) from analistas) where id % 12 = 5`);
    const [top] = await rows<{ id_estado: number; id_compania: number; id_analista: number }>(
      sql`select id_estado, id_compania, id_analista from casos where id_analista is not null group by 1, 2, 3 order by count(*) desc limit 1`,
    );
    const [rare] = await rows<{ id_estado: number; id_compania: number; id_analista: number }>(
      sql`select id_estado, id_compania, id_analista from casos where id_analista is not null group by 1, 2, 3 having count(*) between 2 and 5 order by 1, 2, 3 limit 1`,
    );
    type Filtro = { estado?: string; compania?: string; analista?: string; condCasos?: string };
    const filtros: Filtro[] = [
      { estado: String(top!.id_estado), compania: String(top!.id_compania), analista: String(top!.id_analista) },
      { estado: String(rare!.id_estado), compania: String(rare!.id_compania), analista: String(rare!.id_analista) },
      { compania: String(top!.id_compania), analista: SIN_ANALISTA },
      { analista: SIN_ANALISTA, condCasos: COND_CASOS.CERRADOS },
      { compania: String(top!.id_compania), condCasos: COND_CASOS.VIGENTES },
      { estado: String(top!.id_estado) },
      { analista: String(top!.id_analista), condCasos: COND_CASOS.TODOS },
      // A status no case can have (beyond smallint) matches none instead of failing.
      { estado: '99999', compania: String(top!.id_compania) },
    ];
    // Written here, not through the server's filterWhere.
    const whereOf = (filtro: Filtro) =>
      sql.join(
        [
          sql`true`,
          filtro.estado ? (Number(filtro.estado) > 32_767 ? sql`false` : sql`id_estado = ${Number(filtro.estado)}`) : sql`true`,
          filtro.compania ? sql`id_compania = ${Number(filtro.compania)}` : sql`true`,
          filtro.analista === SIN_ANALISTA ? sql`id_analista is null` : filtro.analista ? sql`id_analista = ${Number(filtro.analista)}` : sql`true`,
          filtro.condCasos === COND_CASOS.VIGENTES ? sql`id_estado < ${FIRST_CLOSED_ESTADO}` : filtro.condCasos === COND_CASOS.CERRADOS ? sql`id_estado >= ${FIRST_CLOSED_ESTADO}` : sql`true`,
        ],
        sql` and `,
      );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...filtros), fc.constantFrom(1, 7, 20, 100), DEPTH, async (filtro, pageSize, depth) => {
        const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from casos where ${whereOf(filtro)}`)) as [{ n: number }];
        const page = Math.max(1, Math.ceil((n / pageSize) * depth));
        const response = await t.request('user', { method: 'POST', url: `/api/casos/filtro/?page=${page}&pageSize=${pageSize}`, payload: filtro });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<ListBody>();
        const expected = await rows<{ id: number }>(sql`select id from casos where ${whereOf(filtro)} order by id desc offset ${(page - 1) * pageSize} limit ${pageSize}`);
        expect(body.cases.map((row) => row.id)).toEqual(expected.map((row) => Number(row.id)));
        expect([body.totalRows, body.totalCapped]).toEqual([n, false]);
      }),
      { numRuns: 100 },
    );
    expect(await differingCounterRows(db(), ['caso_contadores_estado', 'caso_contadores_compania'])).toEqual({ caso_contadores_estado: 0, caso_contadores_compania: 0 });
  });
});

describe('deep pages of the values report', () => {
  it('every page is the OFFSET page, latest closing date first, ties by id (deep pages start at their closing date, by company past the middle from the oldest end)', async () => {
    // Closing dates moved and cleared through SQL: the trigger keeps the closings per date.
    await db().execute(sql`update casos set fecha_cierre = fecha_cierre - 40 where id % 11 = 3 and fecha_cierre is not null`);
    await db().execute(sql`update casos set fecha_cierre = null where id % 13 = 5 and id_estado >= ${FIRST_CLOSED_ESTADO}`);
    expect(await differingCounterRows(db(), ['caso_contadores_dia'])).toEqual({ caso_contadores_dia: 0 });
    // Undated closed cases sort first (nulls first in DESC): the day rows leave them out.
    const [undated] = await rows<{ n: number }>(sql`select count(*)::int as n from casos where id_estado >= ${FIRST_CLOSED_ESTADO} and fecha_cierre is null`);
    expect(undated!.n).toBeGreaterThan(20);
    const [top] = await rows<{ id_compania: number; fecha_cierre: string }>(
      sql`select id_compania, max(fecha_cierre)::text as fecha_cierre from casos where id_estado >= ${FIRST_CLOSED_ESTADO} group by 1 order by count(*) desc limit 1`,
    );
    const [{ cerrados }] = (await rows<{ cerrados: number }>(sql`select count(*)::int as cerrados from casos where id_estado >= ${FIRST_CLOSED_ESTADO}`)) as [
      { cerrados: number },
    ];
    // Deep enough that pages past DEEP_OFFSET are read from the oldest end.
    expect(cerrados).toBeGreaterThan(1_200);
    const filtros = [
      { compania: '', fechaDesde: '', fechaHasta: '' },
      { compania: String(top!.id_compania), fechaDesde: '', fechaHasta: '' },
      { compania: '', fechaDesde: '2020-01-01', fechaHasta: top!.fecha_cierre },
      { compania: '', fechaDesde: '2025-03-01', fechaHasta: '' },
      { compania: '', fechaDesde: '', fechaHasta: '2025-09-30' },
      { compania: String(top!.id_compania), fechaDesde: '2025-01-01', fechaHasta: '' },
      // Whole months only, and both ends in one month.
      { compania: '', fechaDesde: '2024-02-01', fechaHasta: '2026-01-31' },
      { compania: '', fechaDesde: '2025-06-03', fechaHasta: '2025-06-27' },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...filtros), fc.constantFrom(1, 7, 20, 100), DEPTH, async (filtro, pageSize, depth) => {
        const where = sql.join(
          [
            sql`id_estado >= ${FIRST_CLOSED_ESTADO}`,
            filtro.compania ? sql`id_compania = ${Number(filtro.compania)}` : sql`true`,
            filtro.fechaDesde ? sql`fecha_cierre >= ${filtro.fechaDesde}` : sql`true`,
            filtro.fechaHasta ? sql`fecha_cierre <= ${filtro.fechaHasta}` : sql`true`,
          ],
          sql` and `,
        );
        const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from casos where ${where}`)) as [{ n: number }];
        const page = Math.max(1, Math.ceil((n / pageSize) * depth));
        const response = await t.request('user', { method: 'POST', url: `/api/casos/filtrovalores/?page=${page}&pageSize=${pageSize}`, payload: filtro });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<{ casos: { id: number }[]; totalCount: number; totalPages: number }>();
        const expected = await rows<{ id: number }>(
          sql`select id from casos where ${where} order by fecha_cierre desc, id desc offset ${(page - 1) * pageSize} limit ${pageSize}`,
        );
        expect(body.casos.map((row) => row.id)).toEqual(expected.map((row) => Number(row.id)));
        expect(body.totalCount).toBe(n);
        expect(body.totalPages).toBe(Math.ceil(n / pageSize));
      }),
      { numRuns: 120 },
    );
  });
});

describe('deep pages of the inspections', () => {
  it('every page is the OFFSET page, latest inspection date first, ties by id (ids first; by dates, state and inspector from the date the page starts in, otherwise past the middle from the oldest end)', async () => {
    // Eight more inspections per loaded one, over every inspector and 400 earlier days, some
    // 'Licitando': past DEEP_OFFSET under a state or an inspector too. Then, through SQL so the
    // triggers keep the counts (drizzle/0025, 0027), some finished, moved to another date and
    // inspector, and deleted.
    await db().execute(sql`insert into inspecciones (id_caso, id_inspector, fecha_inspeccion, direccion, detalle, estado)
      select i.id_caso, p.ids[1 + (i.id + k) % cardinality(p.ids)], i.fecha_inspeccion - (k * 37 % 400), i.direccion, i.detalle,
        case when k % 3 = 0 then 'Licitando' else i.estado end
      from inspecciones i, generate_series(1, 8) k, (select array_agg(id order by id) as ids from inspectores) p`);
    await db().execute(sql`update inspecciones set estado = 'Finalizada' where id % 11 = 0 and estado <> 'Finalizada'`);
    await db().execute(sql`update inspecciones set fecha_inspeccion = fecha_inspeccion + 3, id_inspector = (select min(id) from inspectores) where id % 13 = 0`);
    await db().execute(sql`delete from inspecciones where id % 17 = 0`);
    // Cases that change product take their inspections along, one left without (drizzle/0032).
    await db().execute(sql`update casos set id_producto = (select max(id) from productos) where id in (select id_caso from inspecciones where id % 19 = 0)`);
    await db().execute(sql`update casos set id_producto = null where id = (select min(id_caso) from inspecciones)`);
    const [top] = await rows<{ id_inspector: number; id_producto: number }>(
      sql`select i.id_inspector, c.id_producto from inspecciones i join casos c on c.id = i.id_caso where c.id_producto is not null
        group by 1, 2 order by count(*) desc limit 1`,
    );
    const inspector = String(top!.id_inspector);
    const [{ n: mine }] = (await rows<{ n: number }>(sql`select count(*)::int as n from inspecciones where id_inspector = ${top!.id_inspector} and estado = 'Finalizada'`)) as [
      { n: number },
    ];
    // Deep enough that pages past DEEP_OFFSET start from a date, or are read from the oldest end, under one inspector's finished ones too.
    expect(mine).toBeGreaterThan(1_200);
    const filtros: (Record<string, string> | null)[] = [
      null,
      // By dates alone: from the per-date counts (docs/decisions/062).
      { fechaDesde: '2024-01-01' },
      { fechaDesde: '2023-03-15', fechaHasta: '2026-01-31' },
      { fechaHasta: '2025-12-31' },
      // By state and inspector, with dates or not: from the per-state, inspector and date counts (docs/decisions/063).
      { estado: 'Finalizada' },
      { estado: 'Pendiente' },
      { estado: 'Licitando', fechaHasta: '2025-06-30' },
      { estado: 'Coordinada' },
      { estado: 'Licitando' },
      { inspector },
      { estado: 'Finalizada', inspector, fechaDesde: '2023-01-01', fechaHasta: '2025-12-31' },
      { estado: 'Pendiente', inspector, fechaDesde: '2022-06-01' },
      // By a product, with dates or not: from the per-product and date counts (drizzle/0032).
      { producto: String(top!.id_producto), fechaDesde: '2024-01-01' },
      { producto: String(top!.id_producto) },
      // By what the counts do not count: past the middle from the oldest end.
      { estado: 'Finalizada', producto: String(top!.id_producto) },
    ];
    const whereOf = (filtro: Record<string, string> | null) =>
      sql.join(
        [
          sql`true`,
          filtro?.estado === 'Pendiente' ? sql`i.estado in ('Coordinada', 'Licitando')` : filtro?.estado ? sql`i.estado = ${filtro.estado}` : sql`true`,
          filtro?.inspector ? sql`i.id_inspector = ${Number(filtro.inspector)}` : sql`true`,
          filtro?.producto ? sql`c.id_producto = ${Number(filtro.producto)}` : sql`true`,
          filtro?.fechaDesde ? sql`i.fecha_inspeccion >= ${filtro.fechaDesde}` : sql`true`,
          filtro?.fechaHasta ? sql`i.fecha_inspeccion <= ${filtro.fechaHasta}` : sql`true`,
        ],
        sql` and `,
      );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...filtros), fc.constantFrom(1, 7, 20, 100), DEPTH, async (filtro, pageSize, depth) => {
        const where = whereOf(filtro);
        const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from inspecciones i join casos c on c.id = i.id_caso where ${where}`)) as [
          { n: number },
        ];
        const page = Math.max(1, Math.ceil((n / pageSize) * depth));
        const query = `?page=${page}&pageSize=${pageSize}`;
        const response = filtro
          ? await t.request('user', { method: 'POST', url: `/api/inspeccion/filtro${query}`, payload: filtro })
          : await t.request('user', { method: 'GET', url: `/api/inspeccion/all${query}` });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<{ inspecciones?: { id: number }[]; data?: { id: number }[]; totalCount: number }>();
        const expected = await rows<{ id: number }>(
          sql`select i.id from inspecciones i join casos c on c.id = i.id_caso where ${where}
            order by i.fecha_inspeccion desc, i.id desc offset ${(page - 1) * pageSize} limit ${pageSize}`,
        );
        expect((body.inspecciones ?? body.data)!.map((row) => row.id)).toEqual(expected.map((row) => Number(row.id)));
        expect(body.totalCount).toBe(n);
      }),
      { numRuns: 150 },
    );
    expect(await differingCounterRows(db(), ['inspeccion_contadores_dia', 'inspeccion_contadores', 'inspeccion_contadores_producto'])).toEqual({
      inspeccion_contadores_dia: 0,
      inspeccion_contadores: 0,
      inspeccion_contadores_producto: 0,
    });
    // Every inspection carries its case's product (0 when it has none).
    const [{ n: drifted }] = (await rows<{ n: number }>(
      sql`select count(*)::int as n from inspecciones i join casos c on c.id = i.id_caso where i.id_producto <> coalesce(c.id_producto, 0)`,
    )) as [{ n: number }];
    expect(drifted).toBe(0);
  });
});

describe('deep pages of the hearings', () => {
  it('every page is the OFFSET page, newest hearing first or as either half of the agenda (ids first; by dates and company from the date the page starts in, otherwise past the middle from the other end)', async () => {
    // Fifty more hearings per loaded one, spread over the 600 days either side of today, some at other hours: past DEEP_OFFSET, one company's too, with ties on a date.
    await db().execute(sql`insert into audiencias (id_caso, fecha, fechah, hora, lugar, mediacion_nro, id_compania)
      select a.id_caso, a.fecha, ${todayIso()}::date + ((a.id * 7 + k * 31) % 1200 - 600), case when k % 2 = 0 then a.hora else '09:00' end, a.lugar, a.mediacion_nro, a.id_compania
      from audiencias a, generate_series(1, 50) k`);
    // Through SQL, so the triggers keep the per-company counts (drizzle/0027): cases that change
    // company take their hearings along (drizzle/0008), hearings moved to another date, some deleted.
    await db().execute(sql`update casos set id_compania = (select min(id) from companias where id <> casos.id_compania) where id in (select id_caso from audiencias) and id % 7 = 0`);
    await db().execute(sql`update audiencias set fechah = fechah + 5 where id % 11 = 0`);
    await db().execute(sql`delete from audiencias where id % 13 = 0`);
    const [{ n: all }] = (await rows<{ n: number }>(sql`select count(*)::int as n from audiencias`)) as [{ n: number }];
    expect(all).toBeGreaterThan(1_200);
    const [top] = await rows<{ id_compania: number }>(sql`select id_compania from audiencias group by 1 order by count(*) desc limit 1`);
    const today = todayIso();
    // Both halves of the agenda deep enough to be read from the other end.
    const [halves] = await rows<{ proximas: number; pasadas: number }>(
      sql`select count(*) filter (where fechah >= ${today})::int as proximas, count(*) filter (where fechah < ${today})::int as pasadas from audiencias`,
    );
    expect(Math.min(halves!.proximas, halves!.pasadas)).toBeGreaterThan(1_200);
    const [{ n: theirs }] = (await rows<{ n: number }>(sql`select count(*)::int as n from audiencias where fechah >= ${today} and id_compania = ${top!.id_compania}`)) as [{ n: number }];
    expect(theirs).toBeGreaterThan(1_200);
    type Case = { cuando?: 'proximas' | 'pasadas'; filtro?: { compania?: string; fechaDesde?: string; fechaHasta?: string } };
    const compania = String(top!.id_compania);
    const desde = addDaysIso(today, -250);
    const hasta = addDaysIso(today, 180);
    const cases: Case[] = [
      {},
      { cuando: 'proximas' },
      { cuando: 'pasadas' },
      { filtro: { compania } },
      { cuando: 'pasadas', filtro: { compania } },
      // A company with dates or a half of the agenda: from the per-company counts (docs/decisions/063).
      { filtro: { compania, fechaDesde: desde, fechaHasta: hasta } },
      { cuando: 'proximas', filtro: { compania } },
      { cuando: 'proximas', filtro: { compania, fechaHasta: hasta } },
      { cuando: 'pasadas', filtro: { compania, fechaDesde: desde } },
      // By dates alone: from the per-date counts (docs/decisions/062), with either half of the agenda too.
      { filtro: { fechaDesde: desde, fechaHasta: hasta } },
      { cuando: 'proximas', filtro: { fechaHasta: hasta } },
      { cuando: 'proximas', filtro: { fechaDesde: addDaysIso(today, 30) } },
      { cuando: 'pasadas', filtro: { fechaDesde: desde } },
    ];
    const orderOf = (cuando?: string) =>
      cuando === 'proximas' ? sql`fechah asc, hora asc, id asc` : cuando === 'pasadas' ? sql`fechah desc, hora desc, id desc` : sql`fechah desc, id desc`;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), fc.constantFrom(1, 7, 20, 100), DEPTH, async ({ cuando, filtro }, pageSize, depth) => {
        const where = sql.join(
          [
            cuando === 'proximas' ? sql`fechah >= ${today}` : cuando === 'pasadas' ? sql`fechah < ${today}` : sql`true`,
            filtro?.compania ? sql`id_compania = ${Number(filtro.compania)}` : sql`true`,
            filtro?.fechaDesde ? sql`fechah >= ${filtro.fechaDesde}` : sql`true`,
            filtro?.fechaHasta ? sql`fechah <= ${filtro.fechaHasta}` : sql`true`,
          ],
          sql` and `,
        );
        const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from audiencias where ${where}`)) as [{ n: number }];
        const page = Math.max(1, Math.ceil((n / pageSize) * depth));
        const query = `?page=${page}&pageSize=${pageSize}${cuando ? `&cuando=${cuando}` : ''}`;
        const response = filtro
          ? await t.request('user', { method: 'POST', url: `/api/mediacion/filter${query}`, payload: filtro })
          : await t.request('user', { method: 'GET', url: `/api/mediacion${query}` });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<{ data: { id: number }[]; total: number }>();
        const expected = await rows<{ id: number }>(
          sql`select id from audiencias where ${where} order by ${orderOf(cuando)} offset ${(page - 1) * pageSize} limit ${pageSize}`,
        );
        expect(body.data.map((row) => row.id)).toEqual(expected.map((row) => Number(row.id)));
        expect(body.total).toBe(n);
      }),
      { numRuns: 150 },
    );
    expect(await differingCounterRows(db(), ['audiencia_contadores', 'audiencia_contadores_compania'])).toEqual({ audiencia_contadores: 0, audiencia_contadores_compania: 0 });
  });
});

describe("deep pages of 'Mis tareas'", () => {
  it('every page is the OFFSET page, soonest due first, ties by id, for the user and for the team (ids first; deep pages from the due date the page starts in)', async () => {
    // Open tasks over 400 days around today for the User and the Admin, some done; several due on each day.
    await db().execute(sql`insert into tareas (id_caso, texto, vence, id_usuario, origen, creado_por, hecha)
      select c.id, 'Llamar al asegurado', ${todayIso()}::date + (c.id * 13 % 400 - 200), u.id, 'manual', 'user@test.local',
        case when c.id % 9 = 0 then now() end
      from (select id from casos order by id limit 1600) c, (values (${t.ids.user}::int), (${t.ids.admin}::int)) u(id)`);
    const today = todayIso();
    type Case = { vista: 'todas' | 'vencidas' | 'semana'; equipo: '0' | '1' };
    const cases: Case[] = [
      { vista: 'todas', equipo: '0' },
      { vista: 'vencidas', equipo: '0' },
      { vista: 'todas', equipo: '1' },
      { vista: 'vencidas', equipo: '1' },
      { vista: 'semana', equipo: '1' },
    ];
    const [{ n: mine }] = (await rows<{ n: number }>(sql`select count(*)::int as n from tareas where hecha is null and id_usuario = ${t.ids.user}`)) as [{ n: number }];
    expect(mine).toBeGreaterThan(1_200);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), fc.constantFrom(1, 7, 20, 100), DEPTH, async ({ vista, equipo }, pageSize, depth) => {
        const where = sql.join(
          [
            sql`hecha is null`,
            equipo === '0' ? sql`id_usuario = ${t.ids.user}` : sql`true`,
            vista === 'vencidas' ? sql`vence < ${today}` : vista === 'semana' ? sql`vence between ${today} and ${finDeSemanaIso(today)}` : sql`true`,
          ],
          sql` and `,
        );
        const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from tareas where ${where}`)) as [{ n: number }];
        const page = Math.max(1, Math.ceil((n / pageSize) * depth));
        const response = await t.request('user', { method: 'GET', url: `/api/tareas?vista=${vista}&equipo=${equipo}&page=${page}&pageSize=${pageSize}` });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<{ data: { id: number }[]; total: number }>();
        const expected = await rows<{ id: number }>(sql`select id from tareas where ${where} order by vence, id offset ${(page - 1) * pageSize} limit ${pageSize}`);
        expect(body.data.map((row) => row.id)).toEqual(expected.map((row) => Number(row.id)));
        expect(body.total).toBe(n);
      }),
      { numRuns: 100 },
    );
    expect(await differingCounterRows(db(), ['tarea_contadores'])).toEqual({ tarea_contadores: 0 });
  });
});
