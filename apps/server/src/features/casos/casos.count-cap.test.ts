import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNT_CAP } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';

let t: TestApp;
const MATCHING = COUNT_CAP + 5;

beforeAll(async () => {
  t = await createTestApp();
  const { id } = await insertCaso(t.database.db, { reclamoNro: '777' });
  // More matches than the cap, copied from one case in one statement (what they hold is not under test).
  await t.database.db.execute(sql`
    insert into casos (id_compania, reclamo_nro, gestor, fecha_creado, fecha_siniestro, fecha_denuncia, usuario, id_estado, fecha_estado, id_asegurado, busqueda)
    select id_compania, reclamo_nro, gestor, fecha_creado, fecha_siniestro, fecha_denuncia, usuario, id_estado, fecha_estado, id_asegurado, busqueda
    from casos, generate_series(2, ${MATCHING}) where id = ${id}`);
}, 120_000);
afterAll(() => t?.close());

const filtro = async (body: Record<string, unknown>, query = '') => {
  const response = await t.request('user', { method: 'POST', url: `/api/casos/filtro/?page=1&pageSize=20${query}`, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { cases: { totalCount?: number }[]; totalPages: number; totalRows: number; totalCapped: boolean };
};

describe('POST /api/casos/filtro: capped totals (docs/decisions/003)', () => {
  it('counts at most COUNT_CAP matches and says so with totalCapped', async () => {
    const body = await filtro({ busquedaRapida: 'gonzalez' });
    expect([body.totalRows, body.totalPages, body.totalCapped, body.cases[0]!.totalCount]).toEqual([COUNT_CAP, COUNT_CAP / 20, true, COUNT_CAP]);
    expect(body.cases).toHaveLength(20);
  });

  it('gives the exact total with exactCount=1', async () => {
    const body = await filtro({ nroSiniestro: '777' }, '&exactCount=1');
    expect([body.totalRows, body.totalPages, body.totalCapped]).toEqual([MATCHING, Math.ceil(MATCHING / 20), false]);
  });

  it('keeps counter totals exact and uncapped', async () => {
    const body = await filtro({ condCasos: '1' });
    expect([body.totalRows, body.totalCapped]).toEqual([MATCHING, false]);
  });

  it('remembers "more than COUNT_CAP" for a minute (decision 042); a total under the cap and exactCount are always counted', async () => {
    await t.database.db.execute(sql`update casos set busqueda = busqueda || ' recordado' where reclamo_nro = '777'`);
    expect((await filtro({ busquedaRapida: 'recordado' })).totalCapped).toBe(true);
    // Now only 10 match: within the minute the capped answer stands, exactCount counts.
    await t.database.db.execute(sql`update casos set busqueda = replace(busqueda, ' recordado', '') where id not in (select id from casos where reclamo_nro = '777' order by id limit 10)`);
    expect((await filtro({ busquedaRapida: 'recordado' })).totalCapped).toBe(true);
    expect((await filtro({ busquedaRapida: 'recordado' }, '&exactCount=1')).totalRows).toBe(10);
    // A total under the cap is counted at every request.
    expect((await filtro({ busquedaRapida: 'recordado', nroSiniestro: '777' })).totalRows).toBe(10);
    await t.database.db.execute(sql`update casos set busqueda = busqueda || ' recordado' where id in (select id from casos where reclamo_nro = '777' and busqueda not like '%recordado%' order by id limit 1)`);
    expect((await filtro({ busquedaRapida: 'recordado', nroSiniestro: '777' })).totalRows).toBe(11);
    await t.database.db.execute(sql`update casos set busqueda = replace(busqueda, ' recordado', '')`);
  });

  it('refuses an exactCount other than 0 or 1 with 400', async () => {
    const response = await t.request('user', { method: 'POST', url: '/api/casos/filtro/?exactCount=yes', payload: {} });
    expect(response.statusCode).toBe(400);
  });
});
