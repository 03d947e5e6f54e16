import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import fc from 'fast-check';
import { casoFiltroSchema, likeContains, searchTerms, type CasoFiltro } from '@siniestros/domain';
import { resultRows, type Db } from '../../db/client';
import type { TestApp } from '../../../test/helpers';
import { ensureCompania } from '../../../test/fixtures';
import { filterWhere, type TextMatch } from './casos.list.filters';

export type Persona = Record<string, unknown>;

export const asegurado = (overrides: Persona = {}): Persona => ({
  apellido: 'González',
  nombre: 'María José',
  id_tipo_doc: 1,
  nro_doc: '28123456',
  cuit: '27-28123456-4',
  marca_modelo: 'Ford Ka',
  anio: 2015,
  dominio: 'AB123CD',
  suma_asegurada: '1500000.50',
  mail: 'maria@example.com',
  ...overrides,
});

export const tercero = (n: number, overrides: Persona = {}): Persona => ({
  apellido: `Tercero${n}`,
  nombre: 'Juan',
  id_tipo_doc: 1,
  nro_doc: `3000000${n}`,
  marca_modelo: 'Fiat Cronos',
  dominio: `AC${n}00ZZ`,
  detalle: 'Choque trasero',
  ...overrides,
});

export const caso = (idCompania: number, overrides: Persona = {}): Persona => ({
  id_compania: idCompania,
  reclamo_nro: '4001234567',
  gestor: 'Gestor Uno',
  fecha_siniestro: '2026-01-10',
  hora_siniestro: '14:30',
  fecha_denuncia: '2026-01-11',
  lugar_siniestro: 'Av. Corrientes 1234, CABA',
  declaracion_asegurado: 'Me chocaron de atrás',
  id_producto: 1,
  ...overrides,
});

/**
 * A case created through the API. Its defaults are the same every time, so from the second one
 * on it confirms the possible duplicates (casos.duplicados.test.ts tests the check itself).
 */
export async function createCaso(t: TestApp, body: { caso?: Persona; asegurado?: Persona; terceros?: Persona[] } = {}, headers: Record<string, string> = {}) {
  const idCompania = await ensureCompania(t.database.db);
  const response = await t.request('user', {
    method: 'POST',
    url: '/api/casos/alta',
    headers,
    payload: { caso: caso(idCompania, body.caso), asegurado: asegurado(body.asegurado), terceros: body.terceros ?? [tercero(1)], confirmar_duplicado: true },
  });
  if (response.statusCode !== 201) throw new Error(`alta: ${response.statusCode} ${response.body}`);
  return response.json().id as number;
}

/** Rows of a table, counted straight in the database. */
export async function countRows(db: Db, table: 'casos' | 'asegurados' | 'terceros' | 'historial'): Promise<number> {
  const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number(resultRows<{ n: number }>(result)[0]!.n);
}

export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return resultRows<T>(result);
}

/** Changes the case's first third party as its screen does (PATCH /api/terceros with the rest as it was). */
export async function changeFirstTercero(t: TestApp, id: number, changes: Persona): Promise<void> {
  const detail = (await t.request('user', { method: 'GET', url: `/api/casos/${id}` })).json<{ terceros: Persona[] }>();
  const changed = await t.request('user', { method: 'PATCH', url: `/api/terceros/t/${id}`, payload: [{ ...detail.terceros[0]!, ...changes }] });
  expect(changed.statusCode, changed.body).toBe(200);
}

/** The ids a quick search answers, newest first (its first 100; `exactCount` counts them all). */
export async function quickSearched(t: TestApp, busquedaRapida: string, query = 'page=1&pageSize=100&exactCount=1'): Promise<number[]> {
  const response = await t.request('user', { method: 'POST', url: `/api/casos/filtro/?${query}`, payload: { busquedaRapida } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ cases: { id: number }[] }>().cases.map((row) => row.id);
}

/** The cases whose `busqueda` holds every word: the LIKE alone, newest first (the oracle of the search's indexes). */
export async function likeOnly(t: TestApp, busquedaRapida: string): Promise<number[]> {
  const words = searchTerms(busquedaRapida).map((word) => sql`busqueda like ${likeContains(word)} escape '\\'`);
  const found = await t.rows<{ id: number }>(sql`select id from casos where ${sql.join(words, sql` and `)} order by id desc limit 100`);
  return found.map((row) => Number(row.id));
}

/** A piece of `length` (between `min` and `max`, at most the run's) cut anywhere from one of `runs`. */
export function cutFrom(runs: readonly string[], min: number, max: number) {
  return fc.tuple(fc.constantFrom(...runs), fc.nat(), fc.integer({ min, max })).map(([run, start, length]) => {
    const from = Math.min(start % run.length, Math.max(0, run.length - length));
    return run.slice(from, from + length);
  });
}

/** The ids a filter's WHERE selects, written one way or the other (collected, walked or planned). */
export async function selectedIds(t: TestApp, filtro: Partial<CasoFiltro>, match: TextMatch): Promise<number[]> {
  const where = filterWhere(casoFiltroSchema.parse(filtro), match);
  const found = await t.rows<{ id: number }>(sql`select id from casos where ${where ?? sql`true`} order by id`);
  return found.map((row) => Number(row.id));
}

/**
 * PostgreSQL's plan for a filter's WHERE written one way. `seqScanOff`: on a test's small table a
 * sequential scan is always cheapest; with it off, an index is taken wherever it may be.
 */
export async function planOf(t: TestApp, filtro: Partial<CasoFiltro>, match: TextMatch, { seqScanOff = false } = {}): Promise<string> {
  const plan = await t.database.db.transaction(async (tx) => {
    if (seqScanOff) await tx.execute(sql`set local enable_seqscan = off`);
    return resultRows<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain select id from casos where ${filterWhere(casoFiltroSchema.parse(filtro), match)}`));
  });
  return plan.map((line) => line['QUERY PLAN']).join('\n');
}
