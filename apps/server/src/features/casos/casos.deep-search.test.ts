import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNT_CAP, MAX_PAGE } from '@siniestros/domain';
import { resultRows } from '../../db/client';
import { PROBED_CASES } from './casos.list.repository';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { copyCaso, insertCaso } from '../../../test/fixtures';

let t: TestApp;
/** The newest PROBED_CASES, and older cases enough for a word more than COUNT_CAP of them hold. */
const CASES = PROBED_CASES + COUNT_CAP + 2_000;
const OLDER = CASES - PROBED_CASES;
const PARTS = 5;

beforeAll(async () => {
  t = await createTestApp();
  const { id } = await insertCaso(t.database.db, { reclamoNro: '888' });
  // Copies of one case (what they hold is not under test), ids in order.
  await copyCaso(t.database.db, id, CASES - 1);
  const nth = (n: number) => sql`(select id from casos order by id offset ${n - 1} limit 1)`;
  // 'comun': every case. 'mitad': every other case. 'tercio': every third case and the oldest
  // COUNT_CAP (its matches among the newest not a multiple of a page). 'antiguo': only old cases,
  // none of the newest PROBED_CASES. 'escaso': as many old ones and 1% of the newest.
  for (let part = 0; part < PARTS; part++) {
    await t.database.db.execute(sql`
      update casos set busqueda = busqueda || ' comun'
        || case when id % 2 = 0 then ' mitad' else '' end
        || case when id % 3 = 0 or id <= ${nth(COUNT_CAP)} then ' tercio' else '' end
        || case when id <= ${nth(COUNT_CAP + 500)} then ' antiguo' else '' end
        || case when id <= ${nth(COUNT_CAP + 100)} or (id > ${nth(OLDER)} and id % 100 = 0) then ' escaso' else '' end
      where id % ${PARTS} = ${part}`);
  }
}, 180_000);
afterAll(() => t?.close());

/** The page as PostgreSQL reads it with OFFSET: what every way of reading it must give. */
async function newestFirst(word: string, page: number): Promise<number[]> {
  const rows = resultRows<{ id: number }>(await t.database.db.execute(sql`select id from casos where busqueda like ${`%${word}%`} order by id desc offset ${(page - 1) * 20} limit 20`));
  return rows.map((row) => Number(row.id));
}

async function page(word: string, n: number) {
  const response = await t.request('user', { method: 'POST', url: `/api/casos/filtro/?page=${n}&pageSize=20`, payload: { busquedaRapida: word } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { cases: { id: number }[]; totalRows: number; totalCapped: boolean };
  return { ids: body.cases.map((row) => row.id), total: body.totalRows, capped: body.totalCapped };
}

/** The page of 20 whose first rows are the last matches among the newest PROBED_CASES. */
async function straddlingPage(word: string): Promise<number> {
  const [row] = resultRows<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from casos where id > (select max(id) from casos) - ${PROBED_CASES} and busqueda like ${`%${word}%`}`),
  );
  const matches = Number(row!.n);
  expect(matches % 20, 'the probed matches end inside a page').not.toBe(0);
  return Math.ceil(matches / 20);
}

describe('POST /api/casos/filtro: deep pages of a capped search (docs/decisions/069)', () => {
  it.each([
    // The page lies among the newest cases: read by the probe itself.
    { word: 'comun', page: 51, read: 'probe' },
    { word: 'mitad', page: PROBED_CASES / 40, read: 'probe' },
    // Past the probed cases, where matches are dense: walking on visits fewer cases.
    { word: 'comun', page: PROBED_CASES / 20 + 2, read: 'walk' },
    { word: 'mitad', page: 500, read: 'walk' },
    // A page that starts among the probed cases' matches and ends below them.
    { word: 'tercio', page: 'straddling', read: 'walk' },
    // Matches rare among the newest (or none): collecting every match visits fewer.
    { word: 'antiguo', page: 500, read: 'collect' },
    { word: 'escaso', page: 500, read: 'collect' },
    { word: 'escaso', page: 499, read: 'collect' },
    // Past the capped pages (the pager does not offer them, a request may ask): still the OFFSET page.
    { word: 'antiguo', page: 527, read: 'collect' },
    { word: 'antiguo', page: 5_000, read: 'collect' },
    // The last page a request may name: walking there would visit every case, collecting reads the matches.
    { word: 'comun', page: MAX_PAGE, read: 'collect' },
  ] as const)('$word page $page is the OFFSET page, read by $read', async ({ word, page: asked, read }) => {
    const n = asked === 'straddling' ? await straddlingPage(word) : asked;
    const before = t.app.services.casos.deepSearchReads();
    const answer = await page(word, n);
    expect(answer).toEqual({ ids: await newestFirst(word, n), total: COUNT_CAP, capped: true });
    expect(t.app.services.casos.deepSearchReads()[read]).toBe(before[read] + 1);
  });

  it('reads a page before DEEP_OFFSET walking, as any capped page', async () => {
    const before = t.app.services.casos.deepSearchReads();
    expect(await page('antiguo', 50)).toEqual({ ids: await newestFirst('antiguo', 50), total: COUNT_CAP, capped: true });
    expect(t.app.services.casos.deepSearchReads()).toEqual(before);
  });
});
