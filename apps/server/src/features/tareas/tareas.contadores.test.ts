import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDaysIso, finDeSemanaIso, type TareasPage } from '@siniestros/domain';
import { useTestApp } from '../../../test/helpers';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { differingCounterRows } from '../../db/counters-check';
import { createCaso, queryRows } from '../casos/casos.test-helpers';

/**
 * tarea_contadores (drizzle/0016, docs/decisions/052): the open tasks per assignee and due date,
 * kept by a trigger at commit, equal a count of the open tasks after every write path, and the
 * tabs' figures read from them equal a count.
 */
const hoy = MIERCOLES;
const t = useTestApp({}, { now: clockAt(hoy) });
let idCaso: number;

async function diferencias(): Promise<number> {
  return (await differingCounterRows(t.database.db, ['tarea_contadores'])).tarea_contadores;
}

const crear = async (vence: string, idUsuario: number) => {
  const response = await t.request('user', { method: 'POST', url: `/api/tareas/caso/${idCaso}`, payload: { texto: `Vence ${vence}`, vence, id_usuario: idUsuario } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
};

beforeAll(async () => {
  idCaso = await createCaso(t);
});

describe('open tasks per assignee and due date', () => {
  it('equal a count after creating, completing, reassigning, moving and deleting tasks, and give the tabs their figures', async () => {
    const ids = [
      await crear(addDaysIso(hoy, -3), t.ids.user),
      await crear(addDaysIso(hoy, -3), t.ids.user),
      await crear(hoy, t.ids.user),
      await crear(addDaysIso(hoy, 20), t.ids.admin),
      await crear(hoy, t.ids.admin),
    ];
    expect(await diferencias()).toBe(0);
    expect((await t.request('user', { method: 'PATCH', url: `/api/tareas/${ids[0]}/hecha` })).statusCode).toBe(200);
    expect((await t.request('user', { method: 'PATCH', url: `/api/tareas/${ids[3]}/asignar`, payload: { id_usuario: t.ids.user } })).statusCode).toBe(200);
    expect(await diferencias()).toBe(0);
    await t.database.db.execute(sql`update tareas set vence = vence - 1 where id = ${ids[2]}`);
    await t.database.db.execute(sql`update tareas set hecha = null where id = ${ids[0]}`);
    await t.database.db.execute(sql`delete from tareas where id = ${ids[4]}`);
    expect(await diferencias()).toBe(0);

    const [esperado] = await queryRows<{ vencidas: number; hoy: number; semana: number; todas: number }>(
      t.database.db,
      sql`select count(*) filter (where vence < ${hoy})::int as vencidas, count(*) filter (where vence = ${hoy})::int as hoy,
            count(*) filter (where vence between ${hoy} and ${finDeSemanaIso(hoy)})::int as semana, count(*)::int as todas
          from tareas where hecha is null and id_usuario = ${t.ids.user}`,
    );
    const page = (await t.request('user', { method: 'GET', url: '/api/tareas?vista=vencidas' })).json() as TareasPage;
    expect(page.contadores).toEqual(esperado);
    expect(page.total).toBe(esperado!.vencidas);
    const tablero = (await t.request('user', { method: 'GET', url: '/api/tablero' })).json() as { tareas: { mias: { vencidas: number; hoy: number } } };
    expect(tablero.tareas.mias).toMatchObject({ vencidas: esperado!.vencidas, hoy: esperado!.hoy });
  });
});
