import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNT_CAP } from '@siniestros/domain';
import { resultRows } from '../../db/client';
import { FEW_MATCHES } from './casos.list.service';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { copyCaso, insertCaso } from '../../../test/fixtures';

let t: TestApp;
const MATCHING = COUNT_CAP + 5;

beforeAll(async () => {
  t = await createTestApp();
  const { id } = await insertCaso(t.database.db, { reclamoNro: '777' });
  // More matches than the cap, copied from one case (what they hold is not under test).
  await copyCaso(t.database.db, id, MATCHING - 1);
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
    // Its pages walk the id index through one named statement per words, size and form (decision 068).
    const second = await t.request('user', { method: 'POST', url: '/api/casos/filtro/?page=2&pageSize=20', payload: { busquedaRapida: 'gonzalez' } });
    const newest = resultRows<{ id: number }>(await t.database.db.execute(sql`select id from casos where busqueda like '%gonzalez%' order by id desc offset 20 limit 20`));
    expect((second.json() as { cases: { id: number }[] }).cases.map((row) => row.id)).toEqual(newest.map((row) => row.id));
    if (t.database.pglite) {
      // PGlite is one session, the app's: its named statements are visible to the test.
      // After five executions PostgreSQL keeps its generic plan (planned once per connection).
      for (let request = 0; request < 6; request++) {
        await t.request('user', { method: 'POST', url: '/api/casos/filtro/?page=2&pageSize=20', payload: { busquedaRapida: 'gonzalez' } });
      }
      const named = resultRows<{ name: string; generic_plans: number }>(
        await t.database.db.execute(sql`select name, generic_plans from pg_prepared_statements where name like 'casos_busqueda_%' order by name`),
      );
      expect(named.map((row) => row.name)).toEqual(['casos_busqueda_1_page_20_first', 'casos_busqueda_1_page_20_later']);
      expect(Number(named[1]!.generic_plans)).toBeGreaterThan(0);
    }
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

  it('counts a search once per database snapshot (decision 068): pages agree with SQL, any commit recounts', async () => {
    const kept = () => t.app.services.casos.totalsKept();
    const tag = async (word: string, cases: number) =>
      t.database.db.execute(sql`update casos set busqueda = busqueda || ${` ${word}`} where id in (select id from casos where reclamo_nro = '777' and busqueda not like ${`%${word}%`} order by id limit ${cases})`);
    const newestFirst = async (word: string, offset: number) =>
      resultRows<{ id: number }>(await t.database.db.execute(sql`select id from casos where busqueda like ${`%${word}%`} order by id desc offset ${offset} limit 20`)).map((row) => Number(row.id));
    const page = async (word: string, n: number) => {
      const response = await t.request('user', { method: 'POST', url: `/api/casos/filtro/?page=${n}&pageSize=20`, payload: { busquedaRapida: word } });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { cases: { id: number }[]; totalRows: number; totalCapped: boolean };
      return { ids: body.cases.map((row) => row.id), total: body.totalRows, capped: body.totalCapped };
    };
    const many = FEW_MATCHES + 500;
    await tag('memorial', many);
    const before = kept();
    expect(await page('memorial', 1)).toEqual({ ids: await newestFirst('memorial', 0), total: many, capped: false });
    expect(kept()).toBe(before + 1);
    // Paging in the same snapshot: the remembered total, the page read alone (past the middle, from the oldest end).
    expect(await page('memorial', 2)).toEqual({ ids: await newestFirst('memorial', 20), total: many, capped: false });
    const last = Math.ceil(many / 20);
    expect(await page('memorial', last)).toEqual({ ids: await newestFirst('memorial', (last - 1) * 20), total: many, capped: false });
    // A commit adds a match: the next request sees another snapshot and counts again.
    await tag('memorial', 1);
    expect((await page('memorial', 2)).total).toBe(many + 1);
    await t.database.db.execute(sql`update casos set busqueda = replace(busqueda, ' memorial', '') where id = (select max(id) from casos where busqueda like '%memorial%')`);
    expect(await page('memorial', 1)).toEqual({ ids: await newestFirst('memorial', 0), total: many, capped: false });
    // Two words, the second page (a named statement per number of words once the total is kept).
    await page('gonzalez memorial', 1);
    expect(await page('gonzalez memorial', 2)).toEqual({ ids: await newestFirst('memorial', 20), total: many, capped: false });
    expect(kept()).toBe(before + 2);
    // Few matches are counted in the read that collects their page: nothing kept for them.
    await tag('monumento', FEW_MATCHES);
    expect((await page('monumento', 1)).total).toBe(FEW_MATCHES);
    expect(kept()).toBe(before + 2);
    await t.database.db.execute(sql`update casos set busqueda = replace(replace(busqueda, ' memorial', ''), ' monumento', '')`);
  });

  it('refuses an exactCount other than 0 or 1 with 400', async () => {
    const response = await t.request('user', { method: 'POST', url: '/api/casos/filtro/?exactCount=yes', payload: {} });
    expect(response.statusCode).toBe(400);
  });
});
