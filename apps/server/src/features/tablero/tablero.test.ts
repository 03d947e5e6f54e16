import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDaysIso,
  finDeSemanaIso,
  tableroFiltroAntiguedad,
  tableroFiltroAudiencias,
  tableroFiltroInspecciones,
  tableroFiltroTareas,
  TABLERO_TRAMOS,
  type Tablero,
} from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { TODAY_AR } from '../../db/plazo-estados';

let t: TestApp;
// A Wednesday: its Sunday is another day (the week's tasks are not today's), whatever day the suite runs.
const hoy = MIERCOLES;
const dia = (days: number) => addDaysIso(hoy, days);
let tablero: Tablero;
const ids: Record<string, number> = {};

/**
 * A fresh database with a handful of cases, tasks, inspections and hearings on known dates
 * (days relative to today, edges on both sides of each bucket); every figure asserted exactly.
 */
beforeAll(async () => {
  t = await createTestApp({}, { now: clockAt(hoy) });
  const db = t.database.db;
  const exec = (query: ReturnType<typeof sql>) => db.execute(query);
  const [a1, a2] = (
    (await exec(sql`insert into analistas (nombre, apellido) values ('Ana', 'Alvarez'), ('Beto', 'Zárate') returning id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((row) => row.id);
  ids.a1 = a1!;
  ids.a2 = a2!;
  // [estado, days since F Alta, days since the status date, analyst]
  const casos: [number, number, number, number | null][] = [
    [1, 0, 0, a1!], // alta 0-7, estado 0-7
    [1, 8, 7, a1!], // alta 8-30, estado 0-7
    [2, 30, 31, null], // alta 8-30, estado 31-90
    [3, 31, 90, null], // alta 31-90, estado 31-90
    [3, 91, 91, a2!], // 90+, 90+
    [8, 200, 150, a1!], // closed: counted nowhere
  ];
  for (const [index, [idEstado, alta, estado, idAnalista]] of casos.entries()) {
    const caso = await insertCaso(db, { idEstado });
    ids[`c${index + 1}`] = caso.id;
    await exec(
      sql`update casos set fecha_creado = ${dia(-alta)}, fecha_estado = ${dia(-estado)}, id_analista = ${idAnalista} where id = ${caso.id}`,
    );
  }
  // The case 5's limitation clock started four years ago: vencido.
  await exec(sql`update caso_plazos set desde = ${dia(-4 * 366)} where id_caso = ${ids.c5} and evento = 'siniestro'`);

  // Tasks: made through the API, then moved to their due dates.
  const tarea = async (para: 'user' | 'admin', vence: string) => {
    const response = await t.request('user', {
      method: 'POST',
      url: `/api/tareas/caso/${ids.c1}`,
      payload: { texto: `Tarea ${vence}`, vence: dia(30), id_usuario: t.ids[para] },
    });
    expect(response.statusCode, response.body).toBe(201);
    await exec(sql`update tareas set vence = ${vence} where id = ${(response.json() as { id: number }).id}`);
  };
  await tarea('user', dia(-3));
  await tarea('user', dia(-1));
  await tarea('user', hoy);
  await tarea('user', finDeSemanaIso(hoy));
  await tarea('user', dia(8));
  await tarea('admin', dia(-1));
  await tarea('admin', hoy);
  const hecha = await t.request('user', {
    method: 'POST',
    url: `/api/tareas/caso/${ids.c2}`,
    payload: { texto: 'Hecha', vence: dia(1), id_usuario: t.ids.user },
  });
  const idHecha = (hecha.json() as { id: number }).id;
  await exec(sql`update tareas set vence = ${dia(-5)} where id = ${idHecha}`);
  expect((await t.request('user', { method: 'PATCH', url: `/api/tareas/${idHecha}/hecha` })).statusCode).toBe(200);

  // Inspections: pending ones dated 8 and 10 days ago are atrasadas, 7 days ago not yet.
  const inspeccion = (idInspector: number, fecha: string, estado: string) =>
    exec(sql`insert into inspecciones (id_caso, id_inspector, fecha_inspeccion, direccion, detalle, estado)
      values (${ids.c1}, ${idInspector}, ${fecha}, 'Av. Siempreviva 742', 'Detalle', ${estado})`);
  await inspeccion(t.ids.inspectorRecord, dia(-10), 'Coordinada');
  await inspeccion(t.ids.inspectorRecord, dia(-7), 'Licitando');
  await inspeccion(t.ids.inspectorRecord, dia(2), 'Coordinada');
  await inspeccion(t.ids.inspector2Record, dia(-8), 'Coordinada');
  await inspeccion(t.ids.inspector2Record, dia(-30), 'Finalizada');

  // Hearings: today + 2 and + 6 are in the next 7 days; yesterday and today + 7 are not.
  for (const [idCaso, fechah] of [
    [ids.c3, dia(2)],
    [ids.c4, dia(6)],
    [ids.c4, dia(7)],
    [ids.c2, dia(-1)],
  ] as const)
    await exec(
      sql`insert into audiencias (id_caso, fecha, fechah, hora, lugar) values (${idCaso}, ${hoy}, ${fechah}, '10:00', 'Centro de mediación')`,
    );

  // Which legal clocks are vencido or por vencer is the database's reckoning, on its own date (drizzle/0017):
  // every clock moves by the days from this file's date to that one, so each stands to it as it stood to `hoy`.
  await exec(sql`update caso_plazos set desde = desde + (${TODAY_AR} - ${hoy}::date)`);

  const response = await t.request('user', { method: 'GET', url: '/api/tablero' });
  expect(response.statusCode, response.body).toBe(200);
  tablero = response.json() as Tablero;
});
afterAll(() => t?.close());

const listTotal = async (payload: Record<string, string>) =>
  (
    (await t.request('user', { method: 'POST', url: '/api/casos/filtro?pageSize=100&exactCount=1', payload })).json() as {
      totalRows: number;
    }
  ).totalRows;

/** What each list answers for the filter a Tablero figure puts in its link (packages/domain tableroFiltro*). */
const listas = {
  audiencias: async (filtro: Record<string, string>) => {
    const response = await t.request('user', {
      method: 'POST',
      url: '/api/mediacion/filter?pageSize=100&cuando=proximas',
      payload: filtro,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { total: number }).total;
  },
  inspecciones: async (filtro: Record<string, string>) => {
    const response = await t.request('user', { method: 'POST', url: '/api/inspeccion/filtro?pageSize=100', payload: filtro });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { totalCount: number }).totalCount;
  },
  tareas: async (filtro: Record<string, string>) => {
    const response = await t.request('user', { method: 'GET', url: `/api/tareas?${new URLSearchParams(filtro)}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { total: number }).total;
  },
};

describe('GET /api/tablero', () => {
  it('counts the open cases by status, as the case list filtered by each status does', async () => {
    expect(tablero.hoy).toBe(hoy);
    expect(tablero.casos.abiertos).toBe(5);
    expect(tablero.casos.porEstado.map(({ id_estado, total }) => [id_estado, total])).toEqual([
      [1, 2],
      [2, 1],
      [3, 2],
    ]);
    for (const { id_estado, total } of tablero.casos.porEstado) expect(await listTotal({ estado: String(id_estado) })).toBe(total);
    expect(tablero.casos.porEstado.every(({ estado }) => estado.length > 0)).toBe(true);
  });

  it('puts each open case in its age bucket since F Alta and since its status date', () => {
    expect(tablero.casos.antiguedadAlta).toEqual({ d0_7: 1, d8_30: 2, d31_90: 1, d90_mas: 1 });
    expect(tablero.casos.antiguedadEstado).toEqual({ d0_7: 2, d8_30: 0, d31_90: 2, d90_mas: 1 });
  });

  it('each age bucket opens the open cases of that age, since F Alta or the status date, as many as the figure', async () => {
    for (const desdeEl of ['alta', 'estado'] as const) {
      const tramos = desdeEl === 'alta' ? tablero.casos.antiguedadAlta : tablero.casos.antiguedadEstado;
      for (const { key } of TABLERO_TRAMOS)
        expect(await listTotal(tableroFiltroAntiguedad(hoy, key, desdeEl)), `${desdeEl} ${key}`).toBe(tramos[key]);
    }
    expect(tableroFiltroAntiguedad(hoy, 'd8_30', 'estado')).toEqual({
      condCasos: '1',
      fechaEstadoDesde: dia(-30),
      fechaEstadoHasta: dia(-8),
    });
  });

  it("counts the signed-in user's and the team's open tasks overdue, due today and this week", () => {
    // This week: today's and Sunday's.
    expect(tablero.tareas.mias).toEqual({ vencidas: 2, hoy: 1, semana: 2 });
    expect(tablero.tareas.equipo).toEqual({ vencidas: 3, hoy: 2, semana: 3 });
    const vencidas = Object.fromEntries(tablero.usuarios.map((u) => [u.id_usuario, u.vencidas]));
    expect(vencidas).toEqual({ [t.ids.admin]: 1, [t.ids.user]: 2 });
    expect(tablero.usuarios.find((u) => u.id_usuario === t.ids.user)?.usuario).toBe('Pérez, Usuario');
  });

  it('each task figure opens Mis tareas on a tab with as many tasks, one user’s overdue tasks included', async () => {
    for (const vista of ['vencidas', 'hoy', 'semana'] as const) {
      expect(await listas.tareas(tableroFiltroTareas(vista))).toBe(tablero.tareas.mias[vista]);
      expect(await listas.tareas(tableroFiltroTareas(vista, { equipo: true }))).toBe(tablero.tareas.equipo[vista]);
    }
    for (const { id_usuario, vencidas } of tablero.usuarios)
      expect(await listas.tareas(tableroFiltroTareas('vencidas', { usuario: id_usuario }))).toBe(vencidas);
  });

  it("an analyst's own open cases by status ('míos', decision 083), as the list filtered by them and each status finds; none for a user who is no analyst", async () => {
    expect(tablero.casos.mios).toBeNull();
    const link = (idUsuario: number | null) =>
      t.request('admin', { method: 'PATCH', url: `/api/analistas/${ids.a1}`, payload: { nombre: 'Ana', apellido: 'Alvarez', id_usuario: idUsuario } });
    expect((await link(t.ids.user)).statusCode).toBe(200);
    try {
      const mine = ((await t.request('user', { method: 'GET', url: '/api/tablero' })).json() as Tablero).casos.mios!;
      expect(mine.id_analista).toBe(ids.a1);
      expect(mine.abiertos).toBe(2);
      expect(mine.porEstado.map(({ id_estado, total }) => [id_estado, total])).toEqual([[1, 2]]);
      expect(await listTotal({ analista: String(ids.a1), condCasos: '1' })).toBe(mine.abiertos);
      for (const { id_estado, total } of mine.porEstado) expect(await listTotal({ analista: String(ids.a1), estado: String(id_estado) })).toBe(total);
      expect(((await t.request('admin', { method: 'GET', url: '/api/tablero' })).json() as Tablero).casos.mios).toBeNull();
    } finally {
      await link(null);
    }
  });

  it("lists each analyst's open cases, the cases without one included, most first", () => {
    expect(tablero.analistas).toEqual([
      { id_analista: ids.a1, analista: 'Alvarez, Ana', abiertos: 2 },
      { id_analista: null, analista: 'Sin analista', abiertos: 2 },
      { id_analista: ids.a2, analista: 'Zárate, Beto', abiertos: 1 },
    ]);
  });

  it('counts pending inspections per inspector and those older than 7 days', () => {
    expect(tablero.inspecciones.pendientes).toBe(4);
    expect(tablero.inspecciones.atrasadas).toBe(2);
    expect(
      tablero.inspecciones.porInspector.map(({ id_inspector, pendientes, atrasadas }) => [id_inspector, pendientes, atrasadas]),
    ).toEqual([
      [t.ids.inspectorRecord, 3, 1],
      [t.ids.inspector2Record, 1, 1],
    ]);
  });

  it('each inspection figure opens the inspection list filtered to as many: pending, late, per inspector', async () => {
    expect(await listas.inspecciones(tableroFiltroInspecciones(hoy))).toBe(tablero.inspecciones.pendientes);
    expect(await listas.inspecciones(tableroFiltroInspecciones(hoy, { atrasadas: true }))).toBe(tablero.inspecciones.atrasadas);
    for (const { id_inspector, pendientes, atrasadas } of tablero.inspecciones.porInspector) {
      expect(await listas.inspecciones(tableroFiltroInspecciones(hoy, { inspector: id_inspector }))).toBe(pendientes);
      expect(await listas.inspecciones(tableroFiltroInspecciones(hoy, { inspector: id_inspector, atrasadas: true }))).toBe(atrasadas);
    }
    // 'Pendiente' is Coordinada or Licitando: the Licitando one of 7 days ago is in, the Finalizada not.
    expect(await listas.inspecciones({ estado: 'Licitando' })).toBe(1);
  });

  it('counts the hearings of the next 7 days, today included, as the agenda filtered to them does', async () => {
    expect(tablero.audiencias).toEqual({ proximas: 2, hasta: dia(6) });
    expect(await listas.audiencias(tableroFiltroAudiencias(hoy))).toBe(tablero.audiencias.proximas);
  });

  it('counts the cases with a legal clock por vencer or vencido as the list filtered by Plazo does', async () => {
    expect(tablero.plazos.vencidos).toBe(1);
    expect(tablero.plazos.porVencer).toBeGreaterThan(0);
    expect(await listTotal({ plazo: 'vencido' })).toBe(tablero.plazos.vencidos);
    expect(await listTotal({ plazo: 'por_vencer' })).toBe(tablero.plazos.porVencer);
  });

  it('answers 403 to an Inspector and 401 without a session', async () => {
    expect((await t.request('inspector', { method: 'GET', url: '/api/tablero' })).statusCode).toBe(403);
    expect((await t.request(null, { method: 'GET', url: '/api/tablero' })).statusCode).toBe(401);
  });
});
