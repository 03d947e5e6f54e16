import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FIRST_CLOSED_ESTADO, casoSearchColumns, normalizeSearch, type PersonaSearchFields as Persona } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../test/helpers';
import { DEMO_APELLIDOS_COUNT, DEMO_MOST_COMMON_APELLIDO, DEMO_MOST_COMMON_SHARE, DEMO_RARE_APELLIDO, DEMO_TABLE_NAMES, DemoGenerator, isValidCuit, type DemoContext } from './demo-data';
import { seedDemo, seedDemoTareas, type SeedDemoResult } from './demo-load';
import { pick } from '../shared/objects';

const CASES = 200;
let t: TestApp;
let result: SeedDemoResult;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const count = async (table: string) => Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);

type FiltroResponse = { cases: { id: number }[]; totalRows: number };
async function quickSearch(term: string): Promise<FiltroResponse> {
  const response = await t.request('user', {
    method: 'POST',
    url: '/api/casos/filtro/?page=1&pageSize=100',
    payload: { busquedaRapida: term },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  result = await seedDemo(t.database, { cases: CASES, seed: 7, until: '2026-06-30' });
});
afterAll(() => t?.close());

describe('seedDemo', () => {
  it('writes the cases with their people, lawyers, injured, hearings, inspections and history', async () => {
    expect(result.cases).toBe(CASES);
    for (const table of DEMO_TABLE_NAMES) expect(await count(table), table).toBe(result.rows[table]);
    expect(result.rows.casos).toBe(CASES);
    expect(result.rows.asegurados).toBe(CASES);
    // 0-5 third parties a case, about 1.3 on average.
    expect(result.rows.terceros / CASES).toBeGreaterThan(1.05);
    expect(result.rows.terceros / CASES).toBeLessThan(1.6);
    const [perCase] = await rows<{ max: number; min: number }>(
      sql`select max(n)::int as max, min(n)::int as min from (select count(t.id) as n from casos c left join terceros t on t.id_caso = c.id group by c.id) x`,
    );
    expect(perCase).toEqual({ max: expect.any(Number), min: 0 });
    expect(perCase!.max).toBeLessThanOrEqual(5);
    for (const table of ['letrados', 'lesionados', 'audiencias', 'inspecciones'] as const)
      expect(result.rows[table], table).toBeGreaterThan(0);
    // Every case starts with 'Alta caso', most have more.
    const [alta] = await rows<{ n: number }>(sql`select count(distinct id_caso)::int as n from historial where msg = 'Alta caso'`);
    expect(alta!.n).toBe(CASES);
    expect(result.rows.historial).toBeGreaterThan(CASES * 2);
  });

  it('spreads statuses 1-19 with closing data, analysts, flags and finished inspections', async () => {
    const estados = await rows<{ id_estado: number; n: number }>(sql`select id_estado, count(*)::int as n from casos group by id_estado`);
    const vigentes = estados.filter((row) => row.id_estado < FIRST_CLOSED_ESTADO).reduce((sum, row) => sum + row.n, 0);
    expect(vigentes).toBeGreaterThan(CASES / 2);
    expect(vigentes).toBeLessThan(CASES);
    expect(estados.length).toBeGreaterThanOrEqual(12);
    const [closed] = await rows<{ n: number; sin_cierre: number; ofertado: number }>(
      sql`select count(*)::int as n, count(*) filter (where fecha_cierre is null)::int as sin_cierre, count(valor_ofertado)::int as ofertado from casos where id_estado >= 8`,
    );
    expect(closed!.sin_cierre).toBe(0);
    expect(closed!.ofertado).toBeGreaterThan(0);
    const [assigned] = await rows<{ share: number }>(sql`select avg((id_analista is not null)::int)::float as share from casos`);
    expect(assigned!.share).toBeGreaterThan(0.7);
    const [flags] = await rows<{ n: number }>(sql`select count(*)::int as n from casos where urg or docu or negocia`);
    expect(flags!.n).toBeGreaterThan(0);
    const inspecciones = await rows<{ estado: string; sin_resultado: number; n: number }>(
      sql`select estado, count(*) filter (where resultado is null or monto_inspeccion is null)::int as sin_resultado, count(*)::int as n from inspecciones group by estado`,
    );
    expect(inspecciones.map((row) => row.estado).sort()).toEqual(['Coordinada', 'Finalizada']);
    expect(inspecciones.find((row) => row.estado === 'Finalizada')!.sin_resultado).toBe(0);
  });

  it('keeps the Vigentes / Cerrados counters exact, as the case list shows them', async () => {
    const [expected] = await rows<{ vigentes: number; cerrados: number }>(
      sql`select count(*) filter (where id_estado < 8)::int as vigentes, count(*) filter (where id_estado >= 8)::int as cerrados from casos`,
    );
    const list = await t.request('user', { method: 'GET', url: '/api/casos/?page=1&pageSize=20' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ totalCount: expected!.vigentes, totalCloseCount: expected!.cerrados });
  });

  it('keeps the totals of all inspections and all hearings exact, as their lists show them', async () => {
    const [expected] = await rows<{ inspecciones: number; audiencias: number }>(
      sql`select (select count(*)::int from inspecciones) as inspecciones, (select count(*)::int from audiencias) as audiencias`,
    );
    expect(expected!.inspecciones).toBeGreaterThan(0);
    expect(expected!.audiencias).toBeGreaterThan(0);
    const inspecciones = await t.request('user', { method: 'GET', url: '/api/inspeccion/all/?page=1&pageSize=1' });
    expect(inspecciones.json().totalCount).toBe(expected!.inspecciones);
    const audiencias = await t.request('user', { method: 'GET', url: '/api/mediacion/?page=1&pageSize=1' });
    expect(audiencias.json().total).toBe(expected!.audiencias);
  });

  it('loads without logging the demo rows as changes of cases in the audit log', async () => {
    const [audited] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'caso.update'`);
    expect(audited!.n).toBe(0);
  });

  it('uses Spanish names with accents, a very common surname, valid CUIT/CUIL and both plate formats', async () => {
    const people = await rows<{ apellido: string; nombre: string; nro_doc: string; cuit: string | null; dominio: string }>(
      sql`select apellido, nombre, nro_doc, cuit, dominio from asegurados union all select apellido, nombre, nro_doc, cuit, dominio from terceros`,
    );
    expect(people.some((p) => /[áéíóúñÁÉÍÓÚÑ]/.test(p.apellido))).toBe(true);
    expect(people.some((p) => /[áéíóúñ]/.test(p.nombre))).toBe(true);
    const top = people.filter((p) => p.apellido === DEMO_MOST_COMMON_APELLIDO).length / people.length;
    expect(top).toBeGreaterThan(0.015);
    for (const persona of people) {
      expect(persona.nro_doc).toMatch(/^\d{7,8}$/);
      expect(persona.dominio).toMatch(/^([A-Z]{3}\d{3}|[A-Z]{2}\d{3}[A-Z]{2})$/);
      if (persona.cuit) expect(isValidCuit(persona.cuit), persona.cuit).toBe(true);
    }
    expect(people.some((p) => /^[A-Z]{3}\d{3}$/.test(p.dominio))).toBe(true);
    expect(people.some((p) => /^[A-Z]{2}\d{3}[A-Z]{2}$/.test(p.dominio))).toBe(true);
  });

  it('draws surnames from thousands, as in a real office: González the commonest, a long tail of rare ones (issue 17 item 6)', async () => {
    expect(DEMO_APELLIDOS_COUNT).toBeGreaterThan(3000);
    expect(DEMO_MOST_COMMON_SHARE).toBeGreaterThan(0.02);
    expect(DEMO_MOST_COMMON_SHARE).toBeLessThan(0.04);
    const people = await rows<{ apellido: string }>(sql`select apellido from asegurados union all select apellido from terceros`);
    const distinct = new Set(people.map((persona) => persona.apellido));
    // ~460 people of 200 cases: most surnames are met once or twice.
    expect(distinct.size).toBeGreaterThan(people.length / 3);
    expect(normalizeSearch(DEMO_RARE_APELLIDO)).toMatch(/^[a-z]+$/);
  });

  it('fills the search columns exactly as the cases API does', async () => {
    const casos = await rows<{ id: number; reclamo_nro: string; id_asegurado: number } & ReturnType<typeof casoSearchColumns>>(
      sql`select id, reclamo_nro, busqueda, busqueda_apellidos, busqueda_dominios, id_asegurado from casos`,
    );
    const asegurados = new Map(
      (await rows<Persona & { id: number }>(sql`select id, apellido, nombre, nro_doc, cuit, dominio from asegurados`)).map((row) => [
        Number(row.id),
        row,
      ]),
    );
    const terceros = await rows<Persona & { id_caso: number; orden: number }>(
      sql`select id_caso, orden, apellido, nombre, nro_doc, cuit, dominio from terceros order by id_caso, orden`,
    );
    for (const caso of casos) {
      const expected = casoSearchColumns({
        reclamo_nro: caso.reclamo_nro,
        asegurado: asegurados.get(Number(caso.id_asegurado))!,
        terceros: terceros.filter((tercero) => Number(tercero.id_caso) === Number(caso.id)),
      });
      expect(pick(caso, ['busqueda', 'busqueda_apellidos', 'busqueda_dominios'])).toEqual(expected);
    }
  });

  it("is found by the API's quick search: accented surname, plate fragment, DNI and claim number", async () => {
    const [sample] = await rows<{ id: number; apellido: string; dominio: string; nro_doc: string; reclamo_nro: string }>(
      sql`select c.id, t.apellido, t.dominio, t.nro_doc, c.reclamo_nro from casos c join terceros t on t.id_caso = c.id
          where t.apellido ~ '[áéíóúñ]' order by c.id limit 1`,
    );
    const finds = async (term: string) => {
      const response = await quickSearch(term);
      const [expected] = await rows<{ n: number }>(
        sql`select count(*)::int as n from casos where busqueda like ${`%${normalizeSearch(term)}%`}`,
      );
      expect(response.totalRows, term).toBe(expected!.n);
      return response.cases.map((caso) => caso.id);
    };
    expect(await finds(sample!.apellido.toUpperCase())).toContain(sample!.id);
    expect(await finds(sample!.dominio.slice(1, 5))).toContain(sample!.id);
    expect(await finds(sample!.nro_doc)).toContain(sample!.id);
    expect(await finds(sample!.reclamo_nro)).toEqual([sample!.id]);
  });

  it('adds more cases to a loaded database, reusing its reference data', async () => {
    const companias = await count('companias');
    const more = await seedDemo(t.database, { cases: 20, seed: 8, until: '2026-07-31', fastLoad: true });
    expect(more.rows.casos).toBe(20);
    expect(await count('casos')).toBe(CASES + 20);
    expect(await count('companias')).toBe(companias);
    // The rebuilt indexes and foreign keys are all back.
    const [fk] = await rows<{ n: number }>(
      sql`select count(*)::int as n from pg_constraint where contype = 'f' and conrelid = 'terceros'::regclass`,
    );
    expect(fk!.n).toBeGreaterThan(0);
    const [trgm] = await rows<{ n: number }>(sql`select count(*)::int as n from pg_indexes where indexname = 'casos_busqueda_trgm_idx'`);
    expect(trgm!.n).toBe(1);
    const list = await t.request('user', { method: 'GET', url: '/api/casos/?page=1&pageSize=20' });
    expect(list.json().totalCount + list.json().totalCloseCount).toBe(CASES + 20);
  });
});

describe('seedDemoTareas', () => {
  const tareas = () =>
    rows<{ id_caso: number; id_usuario: number; texto: string }>(sql`select id_caso, id_usuario, texto from tareas order by id_caso`);
  const again = async (seed: number) => {
    await t.database.db.execute(sql`delete from tareas where creado_por = 'demo'`);
    await seedDemoTareas(t.database, { until: '2026-06-30', seed });
    return tareas();
  };

  it("gives each person's list a mix of the office's texts, the same for the same seed and others for another", async () => {
    expect(await seedDemoTareas(t.database, { until: '2026-06-30', seed: 7 })).toBeGreaterThan(0);
    const first = await tareas();
    const textos = new Map<number, Set<string>>();
    for (const tarea of first) textos.set(tarea.id_usuario, (textos.get(tarea.id_usuario) ?? new Set()).add(tarea.texto));
    expect(textos.size).toBeGreaterThanOrEqual(2);
    for (const mias of textos.values()) expect(mias.size).toBeGreaterThanOrEqual(10);
    expect(await again(7)).toEqual(first);
    const otra = await again(8);
    expect(otra.map((tarea) => [tarea.id_caso, tarea.id_usuario])).toEqual(first.map((tarea) => [tarea.id_caso, tarea.id_usuario]));
    expect(otra.map((tarea) => tarea.texto)).not.toEqual(first.map((tarea) => tarea.texto));
  });
});

describe('DemoGenerator', () => {
  const context: DemoContext = {
    companias: [1, 2],
    analistas: [{ id: 1, nombre: 'Ana', apellido: 'Uno' }],
    inspectores: [1],
    responsabilidades: [1],
    productos: [
      { id: 1, nombre: 'Daños Materiales' },
      { id: 2, nombre: 'Lesiones' },
    ],
    estados: new Map([[1, 'Pendiente Documentación']]),
    tiposDoc: [{ id: 1, nombre: 'DNI' }],
  };
  const ids = () => Object.fromEntries(DEMO_TABLE_NAMES.map((name) => [name, 1])) as Parameters<DemoGenerator['generate']>[2];

  it('gives the same data for the same seed, and other data for another seed', () => {
    const generate = (seed: number) => new DemoGenerator(context, { seed, until: '2026-01-31', totalCases: 50 }).generate(0, 50, ids());
    const first = generate(3);
    expect(generate(3).casos.written()).toEqual(first.casos.written());
    expect(generate(3).terceros.written()).toEqual(first.terceros.written());
    expect(generate(4).casos.written()).not.toEqual(first.casos.written());
  });
});
