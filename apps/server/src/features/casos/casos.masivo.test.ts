import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CASO_MESSAGES, FLAGS, MASIVO_MAX_CASOS, MASIVO_MAX_TAREAS, MASIVO_MESSAGES, TAREA_HISTORIA, addDaysIso, todayIso } from '@siniestros/domain';
import { USERNAMES, useTestApp, type Role } from '../../../test/helpers';
import { copyCaso, insertCaso } from '../../../test/fixtures';
import { COUNTER_TABLES, differingCounterRows } from '../../db/counters-check';

// Bulk actions on the case list and in Mis tareas (issue 44 item 2; docs/decisions/097).
const t = useTestApp();
const EXACT = Object.fromEntries(COUNTER_TABLES.map((table) => [table, 0]));

let serial = 0;
const nuevoAnalista = async (apellido: string) => {
  const response = await t.request('admin', { method: 'POST', url: '/api/analistas', payload: { nombre: 'Ana', apellido, id_usuario: null } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
};
const casosNuevos = async (n: number) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) ids.push((await insertCaso(t.database.db)).id);
  return ids;
};
const post = (role: Role | null, url: string, payload: unknown) => t.request(role, { method: 'POST', url: `/api/${url}`, payload: payload as Record<string, unknown> });
const analistaDe = async (ids: number[]) =>
  (await t.rows<{ id_analista: number | null }>(sql`select id_analista from casos where id = any(${`{${ids.join(',')}}`}::int[]) order by id`)).map((row) => row.id_analista);
const historialDe = async (ids: number[]) =>
  t.rows<{ id_caso: number; msg: string; usuario: string }>(sql`select id_caso, msg, usuario from historial where id_caso = any(${`{${ids.join(',')}}`}::int[]) and msg <> 'Alta caso' order by id`);

describe('POST /api/casos/masivo/analista', () => {
  it('gives the chosen cases the analyst with one history row each; a case that has it already is left alone', async () => {
    const ids = await casosNuevos(3);
    const analista = await nuevoAnalista(`Masiva${(serial += 1)}`);
    expect((await post('user', 'casos/masivo/analista', { seleccion: { ids: [ids[0]] }, id_analista: analista })).statusCode).toBe(200);
    const response = await post('user', 'casos/masivo/analista', { seleccion: { ids }, id_analista: analista });
    expect([response.statusCode, response.json()]).toEqual([200, { message: MASIVO_MESSAGES.analistaDone(2), cantidad: 2 }]);
    expect(await analistaDe(ids)).toEqual([analista, analista, analista]);
    const rows = await historialDe(ids);
    expect(rows.map((row) => row.id_caso).sort()).toEqual([...ids].sort());
    expect(new Set(rows.map((row) => row.msg))).toEqual(new Set([CASO_MESSAGES.history.analistaAssigned(`Masiva${serial}`, 'Ana')]));
  });

  it('refuses the Inspector and no session, and writes nothing', async () => {
    const ids = await casosNuevos(1);
    const analista = await nuevoAnalista(`Masiva${(serial += 1)}`);
    expect((await post('inspector', 'casos/masivo/analista', { seleccion: { ids }, id_analista: analista })).statusCode).toBe(403);
    expect((await post(null, 'casos/masivo/analista', { seleccion: { ids }, id_analista: analista })).statusCode).toBe(401);
    expect((await post('inspector', 'casos/masivo/flag', { seleccion: { ids }, flag: 1, valor: true })).statusCode).toBe(403);
    expect((await post('inspector', 'casos/masivo/export', { seleccion: { ids } })).statusCode).toBe(403);
    expect(await analistaDe(ids)).toEqual([null]);
  });

  it('a selection with cases the user may not change fails whole, naming how many, and writes nothing', async () => {
    const ids = await casosNuevos(2);
    const analista = await nuevoAnalista(`Masiva${(serial += 1)}`);
    const response = await post('admin', 'casos/masivo/analista', { seleccion: { ids: [...ids, 999_999_001, 999_999_002] }, id_analista: analista });
    expect([response.statusCode, response.json().message]).toEqual([404, MASIVO_MESSAGES.noPermitidos(2)]);
    expect(response.json().message).toBe('2 casos de la selección no existen o no se pueden modificar. No se modificó ningún caso.');
    expect(await analistaDe(ids)).toEqual([null, null]);
    expect(await historialDe(ids)).toEqual([]);
    const sinAnalista = await post('admin', 'casos/masivo/analista', { seleccion: { ids }, id_analista: 999_999 });
    expect([sinAnalista.statusCode, sinAnalista.json().message]).toEqual([422, CASO_MESSAGES.analistaNotFound]);
    expect(await historialDe(ids)).toEqual([]);
  });

  it('validates the body in Spanish: no ids, the same id twice, a raw filter string', async () => {
    const ids = await casosNuevos(1);
    for (const seleccion of [{ ids: [] }, { ids: [ids[0], ids[0]] }, { filtro: "nroCaso = 1 or 1=1" }, { ids, filtro: {} }, {}]) {
      const response = await post('user', 'casos/masivo/analista', { seleccion, id_analista: 1 });
      expect(response.statusCode, JSON.stringify(seleccion)).toBe(400);
    }
    expect((await post('user', 'casos/masivo/flag', { seleccion: { ids }, flag: 18, valor: true })).statusCode).toBe(400);
  });

  // 10,001 cases matching one claim number, copied from one case (what they hold is not under test).
  const reclamo = String(700_000_000 + Math.floor(Math.random() * 99_999_999));
  const filtro = { nroSiniestro: reclamo };
  const conAnalista = async () =>
    (await t.rows<{ n: number }>(sql`select count(*)::int as n from casos where reclamo_nro = ${reclamo} and id_analista is not null`))[0]!.n;

  it(`refuses the ${MASIVO_MAX_CASOS + 1}st case, by ids or by filter, writing nothing`, async () => {
    const primero = (await insertCaso(t.database.db, { reclamoNro: reclamo })).id;
    await copyCaso(t.database.db, primero, MASIVO_MAX_CASOS, 1_000);
    const analista = await nuevoAnalista(`Masiva${(serial += 1)}`);
    const tooManyIds = Array.from({ length: MASIVO_MAX_CASOS + 1 }, (_, index) => primero + index);
    const byIds = await post('user', 'casos/masivo/analista', { seleccion: { ids: tooManyIds }, id_analista: analista });
    expect([byIds.statusCode, byIds.json().message]).toEqual([400, MASIVO_MESSAGES.tooMany]);
    const byFilter = await post('user', 'casos/masivo/analista', { seleccion: { filtro }, id_analista: analista });
    expect([byFilter.statusCode, byFilter.json().message]).toEqual([400, MASIVO_MESSAGES.tooMany]);
    expect(await conAnalista()).toBe(0);
  }, 300_000);

  it('races a single-case reassignment: both land, and each case ends with the analyst its last history row names', async () => {
    const ids = await casosNuevos(3);
    const masiva = await nuevoAnalista(`Masiva${(serial += 1)}`);
    const sola = await nuevoAnalista(`Sola${serial}`);
    const [bulk, single] = await Promise.all([
      post('user', 'casos/masivo/analista', { seleccion: { ids }, id_analista: masiva }),
      t.request('admin', { method: 'PATCH', url: `/api/casos/caso_ana/${ids[1]}`, payload: { id_analista: sola } }),
    ]);
    expect([bulk.statusCode, single.statusCode]).toEqual([200, 200]);
    const analistas = await analistaDe(ids);
    expect([analistas[0], analistas[2]]).toEqual([masiva, masiva]);
    const last = (await historialDe([ids[1]!])).at(-1)!.msg;
    expect(last).toBe(CASO_MESSAGES.history.analistaAssigned(analistas[1] === masiva ? `Masiva${serial}` : `Sola${serial}`, 'Ana'));
  });
});

describe('counters and bells of a bulk reassignment (drizzle/0053, docs/decisions/103)', () => {
  it("keeps every counter equal to a count, rings the new analyst's user once per case, and single saves after it stay exact", async () => {
    const ids = await casosNuevos(4);
    const previo = await nuevoAnalista(`Previa${(serial += 1)}`);
    expect((await post('user', 'casos/masivo/analista', { seleccion: { ids: ids.slice(0, 2) }, id_analista: previo })).statusCode).toBe(200);
    const created = await t.request('admin', { method: 'POST', url: '/api/analistas', payload: { nombre: 'Ana', apellido: `Campana${serial}`, id_usuario: t.ids.user } });
    expect(created.statusCode, created.body).toBe(201);
    const conUsuario = created.json().data.id as number;
    const bells = async () =>
      (await t.rows<{ id_caso: number; autor: string }>(sql`select id_caso, autor from notificaciones where tipo = 'caso_asignado' and id_usuario = ${t.ids.user} and id_caso = any(${`{${ids.join(',')}}`}::int[]) order by id_caso`));
    const response = await post('admin', 'casos/masivo/analista', { seleccion: { ids: [...ids].reverse() }, id_analista: conUsuario });
    expect(response.json().cantidad).toBe(4);
    expect(await differingCounterRows(t.database.db, COUNTER_TABLES)).toEqual(EXACT);
    expect((await bells()).map((row) => row.id_caso)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set((await bells()).map((row) => row.autor))).toEqual(new Set([USERNAMES.admin]));
    // The same analyst again changes nothing and rings nothing; the user's own change rings nobody.
    expect((await post('admin', 'casos/masivo/analista', { seleccion: { ids }, id_analista: conUsuario })).json().cantidad).toBe(0);
    expect(await bells()).toHaveLength(4);
    expect((await post('user', 'casos/masivo/analista', { seleccion: { ids: [ids[0]] }, id_analista: previo })).json().cantidad).toBe(1);
    expect((await post('user', 'casos/masivo/analista', { seleccion: { ids: [ids[0]] }, id_analista: conUsuario })).json().cantidad).toBe(1);
    expect(await bells()).toHaveLength(4);
    // One case at a time (the deferred row triggers) after the bulk ones, in other transactions.
    const single = await t.request('admin', { method: 'PATCH', url: `/api/casos/caso_ana/${ids[1]}`, payload: { id_analista: previo } });
    expect(single.statusCode, single.body).toBe(200);
    expect(await differingCounterRows(t.database.db, COUNTER_TABLES)).toEqual(EXACT);
  });
});

describe("the GIN indexes' pending lists (docs/decisions/103)", () => {
  // PGlite's one connection keeps the cleanups in the statement, as before.
  it.runIf(process.env.TEST_DB === 'postgres')('are cleaned after a bulk action commits, not inside it', async () => {
    await t.database.db.execute(sql`create extension if not exists pgstattuple`);
    const pendingPages = async () =>
      (
        await t.rows<{ pages: number }>(sql`
          select sum((pgstatginindex(i.indexrelid)).pending_pages)::int as pages
          from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
          where i.indrelid = 'casos'::regclass and am.amname = 'gin'`)
      )[0]!.pages;
    const ids = await casosNuevos(30);
    // Single inserts leave their entries pending until the list passes 4 MB: there are some now.
    expect(await pendingPages()).toBeGreaterThan(0);
    const response = await post('user', 'casos/masivo/analista', { seleccion: { ids }, id_analista: await nuevoAnalista(`Masiva${(serial += 1)}`) });
    expect(response.statusCode, response.body).toBe(200);
    await expect.poll(pendingPages).toBe(0);
  });
});

describe('POST /api/casos/masivo/flag', () => {
  it('sets a flag on every case matching a filter and clears it on chosen ids, one history row per changed case', async () => {
    const reclamo = String(800_000_000 + Math.floor(Math.random() * 99_999_999));
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await insertCaso(t.database.db, { reclamoNro: reclamo })).id);
    const flag = FLAGS[4]!;
    const set = await post('user', 'casos/masivo/flag', { seleccion: { filtro: { nroSiniestro: reclamo } }, flag: flag.nro, valor: true });
    expect([set.statusCode, set.json()]).toEqual([200, { message: MASIVO_MESSAGES.flagDone(flag.label, true, 3), cantidad: 3 }]);
    const flags = async () => (await t.rows<{ v: boolean }>(sql`select ${sql.identifier(flag.key)} as v from casos where reclamo_nro = ${reclamo} order by id`)).map((row) => row.v);
    expect(await flags()).toEqual([true, true, true]);
    const cleared = await post('admin', 'casos/masivo/flag', { seleccion: { ids: ids.slice(0, 2) }, flag: String(flag.nro), valor: false });
    expect(cleared.json().cantidad).toBe(2);
    expect(await flags()).toEqual([false, false, true]);
    const rows = await historialDe(ids);
    expect(rows.filter((row) => row.msg === MASIVO_MESSAGES.history.flagSet(flag.label))).toHaveLength(3);
    expect(rows.filter((row) => row.msg === MASIVO_MESSAGES.history.flagCleared(flag.label)).map((row) => row.id_caso)).toEqual(ids.slice(0, 2));
    const none = await post('user', 'casos/masivo/flag', { seleccion: { filtro: { nroSiniestro: '1234567890123' } }, flag: 1, valor: true });
    expect([none.statusCode, none.json().message]).toEqual([404, MASIVO_MESSAGES.empty]);
  });
});

describe('POST /api/casos/masivo/export', () => {
  it('exports exactly the chosen ids, newest first, as the list export does', async () => {
    const ids = await casosNuevos(3);
    const response = await post('user', 'casos/masivo/export', { seleccion: { ids: [ids[0], ids[2]] } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const caso = (workbook.worksheets[0]!.getColumn(1).values as unknown[]).slice(2);
    expect(caso).toEqual([ids[2], ids[0]]);
    const none = await post('user', 'casos/masivo/export', { seleccion: { ids: [999_999_003] } });
    expect([none.statusCode, none.json().message]).toEqual([404, CASO_MESSAGES.noResults]);
  });
});

describe('POST /api/tareas/masivo/asignar', () => {
  const nuevaTarea = async (idCaso: number, texto: string) => {
    const response = await t.request('user', { method: 'POST', url: `/api/tareas/caso/${idCaso}`, payload: { texto, vence: addDaysIso(todayIso(), 2), id_usuario: t.ids.user } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const duenos = async (ids: number[]) => (await t.rows<{ id_usuario: number }>(sql`select id_usuario from tareas where id = any(${`{${ids.join(',')}}`}::int[]) order by id`)).map((row) => row.id_usuario);

  it("reassigns the chosen tasks with the single reassignment's history row each; a done task fails them all", async () => {
    const [caso] = await casosNuevos(1);
    const tareas = [await nuevaTarea(caso!, 'Llamar al asegurado'), await nuevaTarea(caso!, 'Pedir denuncia'), await nuevaTarea(caso!, 'Revisar fotos')];
    expect((await t.request('user', { method: 'PATCH', url: `/api/tareas/${tareas[2]}/hecha` })).statusCode).toBe(200);
    const refused = await post('user', 'tareas/masivo/asignar', { ids: tareas, id_usuario: t.ids.admin });
    expect([refused.statusCode, refused.json().message]).toEqual([409, MASIVO_MESSAGES.tareasNoPermitidas(1)]);
    expect(await duenos(tareas.slice(0, 2))).toEqual([t.ids.user, t.ids.user]);

    const response = await post('user', 'tareas/masivo/asignar', { ids: tareas.slice(0, 2), id_usuario: t.ids.admin });
    expect([response.statusCode, response.json()]).toEqual([200, { message: MASIVO_MESSAGES.tareasDone(2), cantidad: 2 }]);
    expect(await duenos(tareas.slice(0, 2))).toEqual([t.ids.admin, t.ids.admin]);
    const msgs = (await historialDe([caso!])).map((row) => row.msg);
    const asignables = (await t.request('user', { method: 'GET', url: '/api/tareas/asignables' })).json() as { id: number; nombre: string }[];
    const admin = asignables.find((usuario) => usuario.id === t.ids.admin)!.nombre;
    expect(msgs).toEqual(expect.arrayContaining([TAREA_HISTORIA.reassigned('Llamar al asegurado', admin), TAREA_HISTORIA.reassigned('Pedir denuncia', admin)]));
  });

  it('refuses the Inspector, an Inspector as assignee, and more than the limit', async () => {
    const [caso] = await casosNuevos(1);
    const tarea = await nuevaTarea(caso!, 'Una tarea');
    expect((await post('inspector', 'tareas/masivo/asignar', { ids: [tarea], id_usuario: t.ids.admin })).statusCode).toBe(403);
    expect((await post('user', 'tareas/masivo/asignar', { ids: [tarea], id_usuario: t.ids.inspector })).statusCode).toBe(422);
    const many = await post('user', 'tareas/masivo/asignar', { ids: Array.from({ length: MASIVO_MAX_TAREAS + 1 }, (_, index) => index + 1), id_usuario: t.ids.admin });
    expect([many.statusCode, many.json().message]).toEqual([400, MASIVO_MESSAGES.tooManyTareas]);
    expect(await duenos([tarea])).toEqual([t.ids.user]);
  });
});
