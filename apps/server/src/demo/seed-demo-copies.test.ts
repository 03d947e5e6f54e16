import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helpers';
import { DEMO_ID_REFERENCES, DEMO_TABLE_NAMES } from './demo-data';
import { seedDemo, type SeedDemoResult } from './demo-load';

const DISTINCT = 40;
const COPIES = 3;
let t: TestApp;
let copied: SeedDemoResult;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  copied = await seedDemo(t.database, { cases: DISTINCT * COPIES, copies: COPIES, seed: 5, until: '2026-06-30' });
});
afterAll(() => t?.close());

describe('seedDemo with copies', () => {
  it('writes each generated case and its rows the given number of times, under consecutive ids', async () => {
    expect(copied.cases).toBe(DISTINCT * COPIES);
    const [stored] = await rows<Record<string, number>>(
      sql.raw(`select ${DEMO_TABLE_NAMES.map((name) => `(select count(*)::int from ${name}) as ${name}`).join(', ')}`),
    );
    for (const name of DEMO_TABLE_NAMES) {
      expect(copied.rows[name] % COPIES, name).toBe(0);
      expect(stored![name], name).toBe(copied.rows[name]);
      const [ids] = await rows<{ min: number; max: number }>(sql.raw(`select min(id)::int as min, max(id)::int as max from ${name}`));
      if (copied.rows[name] > 0) expect(ids, name).toEqual({ min: 1, max: copied.rows[name] });
    }
    // Different generated cases stay different.
    const [distinct] = await rows<{ n: number }>(sql`select count(distinct reclamo_nro)::int as n from casos`);
    expect(distinct!.n).toBe(DISTINCT);
  });

  it('gives every copy of a case the same content, its own people and rows pointing at it', async () => {
    const content = (alias: string) =>
      `${alias}.reclamo_nro, ${alias}.busqueda, ${alias}.fecha_creado, ${alias}.id_estado, ${alias}.valor_acordado,
       (select a.apellido || a.nro_doc from asegurados a where a.id = ${alias}.id_asegurado),
       (select string_agg(t.apellido || t.orden || coalesce((select l.apellido from letrados l where l.id = t.id_letrado and l.id_caso = t.id_caso), '-'), ',' order by t.orden) from terceros t where t.id_caso = ${alias}.id),
       (select l.apellido from letrados l where l.id = ${alias}.id_letrado and l.id_caso = ${alias}.id),
       (select string_agg(h.msg, '|' order by h.id) from historial h where h.id_caso = ${alias}.id),
       (select count(*) from inspecciones i where i.id_caso = ${alias}.id),
       (select count(*) from audiencias x where x.id_caso = ${alias}.id),
       (select count(*) from lesionados x where x.id_caso = ${alias}.id)`;
    // Each case against the first copy of its generated case.
    const compared = await rows<{ id: number; same: boolean }>(
      sql.raw(`select c.id, row(${content('c')}) is not distinct from row(${content('o')}) as same
               from casos c join casos o on o.id = c.id - (c.id - 1) % ${COPIES} order by c.id`),
    );
    expect(compared).toHaveLength(DISTINCT * COPIES);
    expect(compared.filter((row) => !row.same)).toEqual([]);
    // Each copy has its own insured party and lawyer rows, not the first copy's.
    const shared = await rows<{ n: number }>(
      sql`select count(*)::int as n from casos c where (c.id_asegurado <> c.id or c.id_letrado is not null and not exists (select 1 from letrados l where l.id = c.id_letrado and l.id_caso = c.id))`,
    );
    expect(shared[0]!.n).toBe(0);
    const [lawyers] = await rows<{ n: number }>(sql`select count(*)::int as n from casos where id_letrado is not null`);
    expect(lawyers!.n).toBeGreaterThan(0);
  });

  it('counts the copies in the list counters and continues the ids after them', async () => {
    const response = await t.request('user', { method: 'POST', url: '/api/casos/filtro/?page=1&pageSize=10', payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().totalRows).toBe(DISTINCT * COPIES);
    const [next] = await rows<{ id: number }>(sql`insert into historial (id_caso, usuario, msg) values (1, 'x', 'y') returning id`);
    const [max] = await rows<{ n: number }>(sql`select max(id)::int as n from historial where msg <> 'y'`);
    expect(next!.id).toBe(max!.n + 1);
  });

  it('renumbers every foreign key between the demo tables', async () => {
    const keys = await rows<{ tabla: string; columna: string; referida: string }>(
      sql`select c.conrelid::regclass::text as tabla, a.attname as columna, c.confrelid::regclass::text as referida
          from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
          where c.contype = 'f' and c.conrelid::regclass::text in ${DEMO_TABLE_NAMES} and c.confrelid::regclass::text in ${DEMO_TABLE_NAMES}`,
    );
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) expect(DEMO_ID_REFERENCES[key.tabla as keyof typeof DEMO_ID_REFERENCES][key.columna], `${key.tabla}.${key.columna}`).toBe(key.referida);
  });

  it('refuses copies that do not divide the cases', async () => {
    await expect(seedDemo(t.database, { cases: 10, copies: 3 })).rejects.toThrow(/copies/);
  });
});
