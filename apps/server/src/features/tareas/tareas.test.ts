import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AUDIT_ACTION,
  TAREA_HISTORIA,
  TAREA_MESSAGES,
  addDaysIso,
  addDiasHabiles,
  finDeSemanaIso,
  type Tarea,
  type TareasPage,
} from '@siniestros/domain';
import { USERNAMES, useTestApp, type Role } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { clockAt, MIERCOLES } from '../../../test/clock';

// A Wednesday: 'Esta semana' runs on to Sunday, whatever day the suite runs.
const today = MIERCOLES;
const t = useTestApp({}, { now: clockAt(today) });
const historial = async (idCaso: number) =>
  (await t.request('user', { method: 'GET', url: `/api/historial/${idCaso}` })).json() as { msg: string; usuario: string }[];
const crear = async (idCaso: number, payload: Record<string, unknown>, role: Role = 'user') =>
  t.request(role, { method: 'POST', url: `/api/tareas/caso/${idCaso}`, payload });
const nueva = async (idCaso: number, texto: string, vence: string, para: Role = 'user') => {
  const response = await crear(idCaso, { texto, vence, id_usuario: t.ids[para] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Tarea & { message: string };
};
const misTareas = async (role: Role, query: string) =>
  (await t.request(role, { method: 'GET', url: `/api/tareas?${query}` })).json() as TareasPage;

describe('Nueva tarea on a case', () => {
  it('creates the task with its history and audit rows; the case lists it among its open tasks', async () => {
    const caso = await insertCaso(t.database.db);
    const created = await nueva(caso.id, 'Llamar al tercero por la franquicia', addDaysIso(today, 7), 'admin');
    expect(created).toMatchObject({
      message: TAREA_MESSAGES.created,
      id_caso: caso.id,
      id_usuario: t.ids.admin,
      origen: 'manual',
      creado_por: USERNAMES.user,
      hecha: null,
    });
    expect(created.usuario).toMatch(/, /);
    const list = (await t.request('user', { method: 'GET', url: `/api/tareas/caso/${caso.id}` })).json() as Tarea[];
    expect(list.map((tarea) => tarea.id)).toEqual([created.id]);
    expect((await historial(caso.id))[0]).toMatchObject({
      msg: TAREA_HISTORIA.created('Llamar al tercero por la franquicia', created.usuario, created.vence),
      usuario: USERNAMES.user,
    });
    const audit = await t.rows(
      `select actor, action, entity_id, changes from audit_log where entity = 'tarea' and entity_id = ${created.id}`,
    );
    expect(audit).toEqual([expect.objectContaining({ actor: USERNAMES.user, action: AUDIT_ACTION.tareaCreated })]);
  });

  it('refuses bad input in Spanish', async () => {
    const caso = await insertCaso(t.database.db);
    const bad = await crear(caso.id, { texto: '  ', vence: '25/11/2026', id_usuario: 'x' });
    expect(bad.statusCode).toBe(400);
    const messages = [
      ...new Set((bad.json() as { errors: { path: string; message: string }[] }).errors.map((error) => `${error.path}: ${error.message}`)),
    ];
    expect(messages).toEqual([
      'texto: Escriba la tarea',
      'vence: La fecha debe tener el formato AAAA-MM-DD',
      'id_usuario: Debe ser un número entero',
    ]);
    const missing = await crear(caso.id, { texto: 'x', id_usuario: t.ids.user });
    expect(missing.json().errors).toEqual([{ path: 'vence', message: TAREA_MESSAGES.venceRequired }]);
    const tooLong = await crear(caso.id, { texto: 'x'.repeat(501), vence: today, id_usuario: t.ids.user });
    expect(tooLong.json().errors).toEqual([{ path: 'texto', message: 'Debe tener maximo 500 caracteres' }]);
    const toInspector = await crear(caso.id, { texto: 'x', vence: today, id_usuario: t.ids.inspector });
    expect([toInspector.statusCode, toInspector.json().message]).toEqual([422, TAREA_MESSAGES.usuarioInvalido]);
    const noCase = await crear(999_999, { texto: 'x', vence: today, id_usuario: t.ids.user });
    expect(noCase.statusCode).toBe(404);
    expect((await crear(caso.id, { texto: 'x', vence: today, id_usuario: t.ids.user }, 'inspector')).statusCode).toBe(403);
  });
});

describe('Mis tareas', () => {
  it('splits the open tasks into Vencidas, Hoy, Esta semana and Todas; the team view shows everyone', async () => {
    const users = await t.rows(`select id from usuarios where username = 'solo@test.local'`);
    let idSolo = users[0]?.id as number | undefined;
    if (!idSolo) {
      const created = await t.request('admin', {
        method: 'POST',
        url: '/api/users',
        payload: {
          nombre: 'Sola',
          apellido: 'Agenda',
          username: 'solo@test.local',
          password: 'Clave-Segura-2026',
          password2: 'Clave-Segura-2026',
          rol: 2,
        },
      });
      expect(created.statusCode, created.body).toBeLessThan(300);
      idSolo = (await t.rows(`select id from usuarios where username = 'solo@test.local'`))[0]!.id as number;
    }
    const caso = await insertCaso(t.database.db);
    const make = async (texto: string, vence: string) => {
      const response = await crear(caso.id, { texto, vence, id_usuario: idSolo });
      expect(response.statusCode).toBe(201);
    };
    await make('vencida', addDaysIso(today, -3));
    await make('hoy', today);
    await make('mes', addDaysIso(today, 30));
    await make('semana', finDeSemanaIso(today));

    const asSolo = async (query: string) => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: 'solo@test.local', password: 'Clave-Segura-2026' },
      });
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      return (await t.app.inject({ method: 'GET', url: `/api/tareas?${query}`, headers: { cookie } })).json() as TareasPage;
    };
    const todas = await asSolo('vista=todas');
    expect(todas.contadores).toEqual({ vencidas: 1, hoy: 1, semana: 2, todas: 4 });
    expect(todas.data.map((tarea) => tarea.texto)).toEqual(['vencida', 'hoy', 'semana', 'mes']);
    expect((await asSolo('vista=vencidas')).data.map((tarea) => tarea.texto)).toEqual(['vencida']);
    expect((await asSolo('vista=hoy')).data.map((tarea) => tarea.texto)).toEqual(['hoy']);
    expect((await asSolo('vista=semana')).data.map((tarea) => tarea.texto)).toEqual(['hoy', 'semana']);
    // A page past the end carries no row with the figures: the total and the figures are read by themselves.
    const past = await asSolo(`vista=todas&page=${todas.total + 1}&pageSize=1`);
    expect(past).toEqual({ data: [], total: todas.total, totalPages: todas.total, contadores: todas.contadores });

    const mine = await misTareas('user', 'vista=todas&pageSize=100');
    expect(mine.data.every((tarea) => tarea.id_usuario === t.ids.user)).toBe(true);
    const team = await misTareas('user', 'vista=todas&equipo=1&pageSize=100');
    expect(team.data.some((tarea) => tarea.texto === 'vencida')).toBe(true);
    expect(team.total).toBeGreaterThanOrEqual(todas.total + mine.total);
    // The team's view of one user (the Tablero's overdue tasks per user) is that user's own list, tabs included.
    for (const vista of ['todas', 'vencidas'] as const) {
      const deSolo = await misTareas('user', `vista=${vista}&equipo=1&usuario=${idSolo}&pageSize=100`);
      const propias = await asSolo(`vista=${vista}`);
      expect(deSolo.data.map((tarea) => tarea.id)).toEqual(propias.data.map((tarea) => tarea.id));
      expect(deSolo.contadores).toEqual(propias.contadores);
    }
    expect((await misTareas('user', `vista=todas&usuario=${idSolo}&pageSize=100`)).data.every((tarea) => tarea.id_usuario === t.ids.user)).toBe(
      true,
    );

    const bad = await t.request('user', { method: 'GET', url: '/api/tareas?vista=ayer&equipo=2&usuario=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { message: string }) => error.message)).toEqual([
      'Debe ser vencidas, hoy, semana o todas',
      'Debe ser 0 o 1',
      'Debe ser un número entero',
    ]);
    expect((await t.request('inspector', { method: 'GET', url: '/api/tareas' })).statusCode).toBe(403);
  });
});

describe('done and reassign', () => {
  it('completes a task with one call, writing history and audit; twice is a 409', async () => {
    const caso = await insertCaso(t.database.db);
    const tarea = await nueva(caso.id, 'Pedir fotos del vehículo', today);
    const done = await t.request('admin', { method: 'PATCH', url: `/api/tareas/${tarea.id}/hecha` });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: TAREA_MESSAGES.done, hecha_por: USERNAMES.admin });
    expect(done.json().hecha).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await historial(caso.id))[0]).toMatchObject({ msg: TAREA_HISTORIA.done('Pedir fotos del vehículo'), usuario: USERNAMES.admin });
    expect((await t.request('user', { method: 'GET', url: `/api/tareas/caso/${caso.id}` })).json()).toEqual([]);
    const again = await t.request('user', { method: 'PATCH', url: `/api/tareas/${tarea.id}/hecha` });
    expect([again.statusCode, again.json().message]).toEqual([409, TAREA_MESSAGES.alreadyDone]);
    expect((await t.request('user', { method: 'PATCH', url: '/api/tareas/999999/hecha' })).statusCode).toBe(404);
    const audit = await t.rows(`select action, changes from audit_log where entity = 'tarea' and entity_id = ${tarea.id} order by id`);
    expect(audit.map((row) => row.action)).toEqual([AUDIT_ACTION.tareaCreated, AUDIT_ACTION.tareaUpdated]);
  });

  it('reassigns with a history row; to the same user or to an inspector it refuses', async () => {
    const caso = await insertCaso(t.database.db);
    const tarea = await nueva(caso.id, 'Revisar presupuesto', today);
    const moved = await t.request('user', {
      method: 'PATCH',
      url: `/api/tareas/${tarea.id}/asignar`,
      payload: { id_usuario: t.ids.admin },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ message: TAREA_MESSAGES.reassigned, id_usuario: t.ids.admin });
    expect((await historial(caso.id))[0]!.msg).toBe(TAREA_HISTORIA.reassigned('Revisar presupuesto', moved.json().usuario));
    const same = await t.request('user', { method: 'PATCH', url: `/api/tareas/${tarea.id}/asignar`, payload: { id_usuario: t.ids.admin } });
    expect([same.statusCode, same.json().message]).toEqual([409, TAREA_MESSAGES.sameUser]);
    const inspector = await t.request('user', {
      method: 'PATCH',
      url: `/api/tareas/${tarea.id}/asignar`,
      payload: { id_usuario: t.ids.inspector },
    });
    expect(inspector.statusCode).toBe(422);
    const missing = await t.request('user', { method: 'PATCH', url: `/api/tareas/${tarea.id}/asignar`, payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('lists who a task can go to: active Admins and Users', async () => {
    const list = (await t.request('user', { method: 'GET', url: '/api/tareas/asignables' })).json() as { id: number }[];
    const ids = list.map((item) => item.id);
    expect(ids).toContain(t.ids.admin);
    expect(ids).toContain(t.ids.user);
    expect(ids).not.toContain(t.ids.inspector);
  });
});

describe('tasks the system makes', () => {
  it('a hearing scheduled: a reminder the working day before, moved with the hearing', async () => {
    const caso = await insertCaso(t.database.db);
    const created = await t.request('user', {
      method: 'POST',
      url: `/api/mediacion/${caso.id}`,
      payload: { fechah: '2026-12-09', hora: '10:30', lugar: 'Centro de mediación' },
    });
    expect(created.statusCode).toBe(201);
    const [reminder] = (await t.request('user', { method: 'GET', url: `/api/tareas/caso/${caso.id}` })).json() as Tarea[];
    // 7 and 8 December 2026 are non-working days: the working day before the 9th is Friday the 4th.
    expect(reminder).toMatchObject({ origen: 'audiencia', vence: '2026-12-04', id_usuario: t.ids.user, creado_por: 'sistema' });
    expect(reminder!.texto).toContain('09/12/2026 10:30');
    await t.request('user', {
      method: 'PATCH',
      url: `/api/mediacion/${created.json().id}`,
      payload: { fechah: '2026-11-30', hora: '10:30', lugar: 'Centro de mediación' },
    });
    const moved = (await t.request('user', { method: 'GET', url: `/api/tareas/caso/${caso.id}` })).json() as Tarea[];
    expect(moved.map((tarea) => [tarea.id, tarea.vence])).toEqual([[reminder!.id, '2026-11-27']]);
  });

  it('an inspection scheduled: a follow-up 2 working days after, closed by the system when the inspection goes', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: 2 });
    const scheduled = await t.request('user', {
      method: 'POST',
      url: `/api/inspeccion/${caso.id}`,
      payload: { id_inspector: t.ids.inspectorRecord, fecha_inspeccion: '2026-12-04', direccion: 'Av. Siempreviva 742', detalle: 'Frente' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const [followUp] = (await t.request('user', { method: 'GET', url: `/api/tareas/caso/${caso.id}` })).json() as Tarea[];
    expect(followUp).toMatchObject({ origen: 'inspeccion', vence: addDiasHabiles('2026-12-04', 2) });
    expect(followUp!.vence).toBe('2026-12-10');
    const removed = await t.request('user', { method: 'DELETE', url: `/api/inspeccion/${scheduled.json().id}` });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await t.request('user', { method: 'GET', url: `/api/tareas/caso/${caso.id}` })).json()).toEqual([]);
    expect((await historial(caso.id)).map((row) => row.msg)).toContain(TAREA_HISTORIA.autoClosed(followUp!.texto));
  });

  it('a case in Pendiente Documentación for N days: one chase task per sweep window', async () => {
    const caso = await insertCaso(t.database.db, { usuario: USERNAMES.user });
    await t.database.db.execute(sql`update casos set fecha_estado = ${addDaysIso(today, -30)} where id = ${caso.id}`);
    const fresh = await insertCaso(t.database.db, { usuario: USERNAMES.user });
    expect(await t.app.services.tareas.sweepDocumentacion()).toBeGreaterThanOrEqual(1);
    const [chase] = (await t.request('user', { method: 'GET', url: `/api/tareas/caso/${caso.id}` })).json() as Tarea[];
    expect(chase).toMatchObject({ origen: 'documentacion', id_usuario: t.ids.user, vence: addDiasHabiles(today, 1) });
    expect((await t.request('user', { method: 'GET', url: `/api/tareas/caso/${fresh.id}` })).json()).toEqual([]);
    await t.app.services.tareas.sweepDocumentacion();
    expect((await t.request('user', { method: 'GET', url: `/api/tareas/caso/${caso.id}` })).json()).toHaveLength(1);
    // Done today: not chased again until N more days have passed.
    await t.request('user', { method: 'PATCH', url: `/api/tareas/${chase!.id}/hecha` });
    await t.app.services.tareas.sweepDocumentacion();
    expect((await t.request('user', { method: 'GET', url: `/api/tareas/caso/${caso.id}` })).json()).toEqual([]);
  });
});
