import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNTER_TABLES, differingCounterRows } from '../../db/counters-check';
import { seedDemo } from '../../demo/demo-load';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ensureCompania } from '../../../test/fixtures';
import { asegurado, caso, createCaso, queryRows, tercero } from './casos.test-helpers';

/**
 * The trigger-kept counters (drizzle/0002, 0012, 0016; docs/decisions/052) after every write path:
 * caso_contadores (Vigentes / Cerrados), caso_bloques and caso_tramos (deep pages), caso_contadores_estado (the
 * Tablero's status × analyst), caso_contadores_compania (the list's status × company × analyst, drizzle/0028) and
 * caso_contadores_dia (its ages) equal a count of the cases, and every other counter table (counters-check.ts) its own count. On PostgreSQL also under concurrent
 * writers creating, advancing, closing and reopening at once: no deadlock (40P01 would be a 500
 * and a logged error, which fails the test) and exact counters afterwards.
 */
let t: TestApp;
let idCompania: number;
let analistas: number[];
const isPostgres = process.env.TEST_DB === 'postgres';

/** Rows of each counter table that differ from a count (all 0 when exact). */
const counterDiffs = () => differingCounterRows(t.database.db, COUNTER_TABLES);
const EXACT = Object.fromEntries(COUNTER_TABLES.map((table) => [table, 0]));

async function ok(method: 'PATCH' | 'POST', url: string, payload: unknown) {
  const response = await t.request('user', { method, url, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

beforeAll(async () => {
  t = await createTestApp();
  idCompania = await ensureCompania(t.database.db);
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into analistas (nombre, apellido) values ('Ana', 'Uno'), ('Beto', 'Dos') returning id`,
  );
  analistas = rows.map((row) => Number(row.id));
});
afterAll(() => t?.close());

describe('counters kept by the trigger', () => {
  it('equal a count after creation, advance, analyst change, close, reopen, status set, delete and a bulk load', async () => {
    const ids = [await createCaso(t), await createCaso(t), await createCaso(t)];
    expect(await counterDiffs()).toEqual(EXACT);
    await ok('PATCH', `/api/casos/avanza/${ids[0]}`, {});
    await ok('PATCH', `/api/casos/caso_ana/${ids[0]}`, { id_analista: analistas[0] });
    await ok('PATCH', `/api/casos/caso_ana/${ids[0]}`, { id_analista: analistas[1] });
    await ok('PATCH', `/api/casos/cerrar/t/${ids[1]}`, { id_estado: 9, msg: 'Sin acuerdo' });
    await ok('PATCH', `/api/casos/cerrar/t/${ids[0]}`, { id_estado: 10 });
    await ok('PATCH', `/api/casos/reabrir/${ids[1]}`, {});
    await ok('PATCH', `/api/casos/estado/${ids[2]}`, { id_estado: 4 });
    expect(await counterDiffs()).toEqual(EXACT);

    // Two changes of one case in one transaction, and an insert deleted in the same one: each
    // change is applied at commit with the images it had.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update casos set id_estado = 9 where id = ${ids[2]}`);
      await tx.execute(sql`update casos set id_analista = ${analistas[0]}, id_estado = 3 where id = ${ids[2]}`);
      await tx.execute(sql`delete from casos where id = ${ids[1]}`);
    });
    expect(await counterDiffs()).toEqual(EXACT);

    await seedDemo(t.database, { cases: 300, seed: 5, until: '2026-06-30', vacuum: false });
    expect(await counterDiffs()).toEqual(EXACT);
    await t.database.db.execute(sql`update casos set id_estado = case when id_estado >= 8 then 2 else 9 end where id % 3 = 0`);
    await t.database.db.execute(sql`update casos set id_analista = null where id % 5 = 0`);
    await t.database.db.execute(sql`delete from casos where id % 7 = 0`);
    await t.database.db.execute(sql`update inspecciones set estado = case when estado = 'Coordinada' then 'Finalizada' else 'Coordinada' end where id % 3 = 0`);
    await t.database.db.execute(sql`update inspecciones set fecha_inspeccion = fecha_inspeccion - 1 where id % 4 = 0`);
    expect(await counterDiffs()).toEqual(EXACT);
    const [inspecciones] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from inspecciones`);
    expect(inspecciones!.n).toBeGreaterThan(50);
  });

  it.runIf(isPostgres)('hold under 20 concurrent writers creating, advancing, closing and reopening: no deadlock, exact counters', async () => {
    const open = await queryRows<{ id: number }>(t.database.db, sql`select id from casos where id_estado < 8 order by id limit 40`);
    const closed = await queryRows<{ id: number }>(t.database.db, sql`select id from casos where id_estado >= 8 order by id limit 40`);
    expect(open.length).toBeGreaterThanOrEqual(20);
    expect(closed.length).toBeGreaterThanOrEqual(20);
    const statuses: number[] = [];
    const send = async (method: 'PATCH' | 'POST', url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const response = await t.request('user', { method, url, payload, headers });
      statuses.push(response.statusCode);
      return response;
    };
    // Each worker creates and moves its own cases while the others close open cases and reopen
    // closed ones: close and reopen lock the open and closed counter rows; before drizzle/0016
    // they did so in opposite orders.
    const worker = async (w: number) => {
      for (let i = 0; i < 4; i++) {
        const created = await send(
          'POST',
          '/api/casos/alta',
          // Alike on purpose (the same third party and loss date): confirmed past the duplicate check (decision 080).
          { caso: caso(idCompania, { reclamo_nro: `7${w}${i}` }), asegurado: asegurado(), terceros: [tercero(1)], confirmar_duplicado: true },
          { 'idempotency-key': `concurrencia-${w}-${i}` },
        );
        const id = created.json().id as number;
        await send('PATCH', `/api/casos/avanza/${id}`, {});
        await send('POST', '/api/historial', { id_caso: id, msg: `Mensaje ${w}-${i}` });
        await send('PATCH', `/api/casos/caso_ana/${id}`, { id_analista: analistas[(w + i) % 2]! });
        await send('PATCH', `/api/casos/cerrar/t/${id}`, { id_estado: 9 });
        await send('PATCH', `/api/casos/reabrir/${id}`, {});
      }
      const other = w % 2 === 0 ? open[w]! : closed[w]!;
      await send('PATCH', w % 2 === 0 ? `/api/casos/cerrar/t/${other.id}` : `/api/casos/reabrir/${other.id}`, w % 2 === 0 ? { id_estado: 9 } : {});
    };
    await Promise.all(Array.from({ length: 20 }, (_, w) => worker(w)));
    expect(statuses.filter((status) => status >= 300)).toEqual([]);
    expect(statuses).toHaveLength(20 * (4 * 6 + 1));
    expect(await counterDiffs()).toEqual(EXACT);
  });
});
