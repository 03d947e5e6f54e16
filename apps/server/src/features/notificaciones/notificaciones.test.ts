import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION,
  NOTIFICACION_MESSAGES,
  addDaysIso,
  notificacionDetalle,
  notificacionTitulo,
  todayIso,
  type NotificacionesPage,
  type Tarea,
} from '@siniestros/domain';
import { USERNAMES, useTestApp, type Role } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { horaArgentina } from './notificaciones.service';

const t = useTestApp();

const today = todayIso();
const mias = async (role: Role, query = '') => {
  const response = await t.request(role, { method: 'GET', url: `/api/notificaciones?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as NotificacionesPage;
};
const nuevaTarea = async (by: Role, idCaso: number, para: Role, texto: string, vence = addDaysIso(today, 3)) => {
  const response = await t.request(by, {
    method: 'POST',
    url: `/api/tareas/caso/${idCaso}`,
    payload: { texto, vence, id_usuario: t.ids[para] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Tarea;
};
const limpiar = () => t.rows('delete from notificaciones');
const analista = async (apellido: string) =>
  (await t.rows<{ id: number }>(`insert into analistas (nombre, apellido) values ('Ana', '${apellido}') returning id`))[0]!.id;

describe('items of events, in the transaction of the event', () => {
  it("a task given to someone else is on their bell, with who gave it; one's own task is not", async () => {
    await limpiar();
    const caso = await insertCaso(t.database.db, { reclamoNro: 'N-1001' });
    const tarea = await nuevaTarea('user', caso.id, 'admin', 'Pedir la denuncia policial');
    await nuevaTarea('user', caso.id, 'user', 'Una tarea propia');
    const admin = await mias('admin');
    expect(admin.no_leidas).toBe(1);
    expect(admin.data).toEqual([
      expect.objectContaining({
        tipo: 'tarea_asignada',
        texto: 'Pedir la denuncia policial',
        fecha: tarea.vence,
        id_caso: caso.id,
        reclamo_nro: 'N-1001',
        id_tarea: tarea.id,
        autor: USERNAMES.user,
        leida: null,
      }),
    ]);
    expect(notificacionTitulo(admin.data[0]!, today)).toBe('Tarea asignada');
    expect(notificacionDetalle(admin.data[0]!)).toBe(
      `Reclamo N-1001 · Pedir la denuncia policial · vence ${tarea.vence.split('-').reverse().join('/')}`,
    );
    expect((await mias('user')).total).toBe(0);

    // Reassigned by the Admin to the User: the User gets it.
    const reasignada = await t.request('admin', {
      method: 'PATCH',
      url: `/api/tareas/${tarea.id}/asignar`,
      payload: { id_usuario: t.ids.user },
    });
    expect(reasignada.statusCode, reasignada.body).toBe(200);
    expect((await mias('user')).data).toEqual([
      expect.objectContaining({ tipo: 'tarea_asignada', id_tarea: tarea.id, autor: USERNAMES.admin }),
    ]);
  });

  it('nothing is half saved: a task refused leaves no item', async () => {
    await limpiar();
    const caso = await insertCaso(t.database.db);
    const refused = await t.request('user', {
      method: 'POST',
      url: `/api/tareas/caso/${caso.id}`,
      payload: { texto: 'x', vence: today, id_usuario: t.ids.inspector },
    });
    expect(refused.statusCode).toBe(422);
    expect(await t.rows('select id from notificaciones')).toEqual([]);
  });

  it("a case given to the user's analyst: an item for that user, not when they did it themselves", async () => {
    await limpiar();
    const idAnalista = await analista('Notificada');
    const linked = await t.request('admin', {
      method: 'PATCH',
      url: `/api/analistas/${idAnalista}`,
      payload: { nombre: 'Ana', apellido: 'Notificada', id_usuario: t.ids.user },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const caso = await insertCaso(t.database.db, { reclamoNro: 'N-2002' });
    const byAdmin = await t.request('admin', {
      method: 'PATCH',
      url: `/api/casos/caso_ana/${caso.id}`,
      payload: { id_analista: idAnalista },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await mias('user')).data).toEqual([
      expect.objectContaining({
        tipo: 'caso_asignado',
        texto: 'Notificada, Ana',
        id_caso: caso.id,
        reclamo_nro: 'N-2002',
        autor: USERNAMES.admin,
      }),
    ]);
    // The same analyst again changes nothing; the user assigning it themselves gets no item.
    await t.request('admin', { method: 'PATCH', url: `/api/casos/caso_ana/${caso.id}`, payload: { id_analista: idAnalista } });
    const otro = await insertCaso(t.database.db);
    await t.request('user', { method: 'PATCH', url: `/api/casos/caso_ana/${otro.id}`, payload: { id_analista: idAnalista } });
    expect((await mias('user')).total).toBe(1);
    await t.request('admin', {
      method: 'PATCH',
      url: `/api/analistas/${idAnalista}`,
      payload: { nombre: 'Ana', apellido: 'Notificada', id_usuario: null },
    });
  });
});

describe('items of time passing: one node, once each', () => {
  it("a task due today becomes 'Tarea para hoy' once; an overdue one 'Tarea vencida'; done tasks and old ones none", async () => {
    await limpiar();
    const caso = await insertCaso(t.database.db);
    const hoy = await nuevaTarea('user', caso.id, 'user', 'Llamar al asegurado', today);
    const vencida = await nuevaTarea('user', caso.id, 'user', 'Pedir fotos', addDaysIso(today, -2));
    await nuevaTarea('user', caso.id, 'user', 'Muy vieja', addDaysIso(today, -30));
    const hecha = await nuevaTarea('user', caso.id, 'user', 'Hecha', today);
    await t.request('user', { method: 'PATCH', url: `/api/tareas/${hecha.id}/hecha` });

    const first = await t.app.services.notificaciones.generarAvisos(today);
    expect(first?.tareas).toBe(2);
    expect((await t.app.services.notificaciones.generarAvisos(today))?.tareas).toBe(0);
    const page = await mias('user');
    const byTarea = new Map(page.data.map((item) => [item.id_tarea, item]));
    expect(notificacionTitulo(byTarea.get(hoy.id)!, today)).toBe('Tarea para hoy');
    expect(notificacionTitulo(byTarea.get(vencida.id)!, today)).toBe('Tarea vencida');
    expect(page.total).toBe(2);

    // Moved to another day and due again: a new item for the new date.
    await t.rows(`update tareas set vence = '${addDaysIso(today, -1)}' where id = ${hoy.id}`);
    expect((await t.app.services.notificaciones.generarAvisos(today))?.tareas).toBe(1);
  });

  it("a clock turning amber: 'Plazo por vencer' for the case's creator, once per clock", async () => {
    await limpiar();
    const caso = await insertCaso(t.database.db, { idEstado: 2, usuario: USERNAMES.user, reclamoNro: 'N-3003' });
    // Documentation complete 25 days ago: art. 56's 30 calendar days end in 5, within its 7-day warning.
    await t.rows(
      `update caso_plazos set desde = '${addDaysIso(today, -25)}' where id_caso = ${caso.id} and evento = 'documentacion_completa'`,
    );
    const run = await t.app.services.notificaciones.generarAvisos(today);
    expect(run?.plazos).toBeGreaterThanOrEqual(1);
    const items = (await mias('user')).data.filter((item) => item.id_caso === caso.id);
    expect(items).toEqual([
      expect.objectContaining({
        tipo: 'plazo_aviso',
        texto: 'Pronunciamiento del asegurador',
        fecha: addDaysIso(today, 5),
        reclamo_nro: 'N-3003',
      }),
    ]);
    expect((await t.app.services.notificaciones.generarAvisos(today))?.plazos).toBe(0);
  });

  it('a second node finds the lock taken and makes nothing (PostgreSQL)', async () => {
    if (t.database.kind !== 'postgres') return;
    const [a, b] = await Promise.all([
      t.app.services.notificaciones.generarAvisos(today),
      t.app.services.notificaciones.generarAvisos(today),
    ]);
    expect([a, b].filter((run) => run === null).length).toBeLessThanOrEqual(1);
  });
});

describe('the list, read and unread', () => {
  it('pages newest first with the unread count; marks one and all read; another user’s item is missing', async () => {
    await limpiar();
    const caso = await insertCaso(t.database.db);
    for (const texto of ['uno', 'dos', 'tres']) await nuevaTarea('admin', caso.id, 'user', texto);
    const page = await mias('user', 'pageSize=2');
    expect(page.data.map((item) => item.texto)).toEqual(['tres', 'dos']);
    expect([page.total, page.totalPages, page.no_leidas]).toEqual([3, 2, 3]);

    const first = page.data[0]!;
    const read = await t.request('user', { method: 'PATCH', url: `/api/notificaciones/${first.id}/leida` });
    expect(read.json()).toEqual({ message: NOTIFICACION_MESSAGES.leida, no_leidas: 2 });
    const again = await t.request('user', { method: 'PATCH', url: `/api/notificaciones/${first.id}/leida` });
    expect(again.json().no_leidas).toBe(2);
    expect((await mias('user', 'no_leidas=1')).data.map((item) => item.texto)).toEqual(['dos', 'uno']);
    expect((await mias('user')).data[0]!.leida).toMatch(/^\d{4}-\d\d-\d\dT/);

    const notMine = await t.request('admin', { method: 'PATCH', url: `/api/notificaciones/${first.id}/leida` });
    expect([notMine.statusCode, notMine.json().message]).toEqual([404, NOTIFICACION_MESSAGES.notFound]);

    const all = await t.request('user', { method: 'PATCH', url: '/api/notificaciones/leidas' });
    expect(all.json()).toEqual({ message: NOTIFICACION_MESSAGES.todasLeidas, no_leidas: 0 });
    expect((await mias('user')).no_leidas).toBe(0);
  });

  it('an Inspector has none of it (403)', async () => {
    const response = await t.request('inspector', { method: 'GET', url: '/api/notificaciones' });
    expect(response.statusCode).toBe(403);
  });
});

describe('the schedule', () => {
  it("the digest's hour is read in Argentina (UTC−3)", () => {
    expect(horaArgentina(new Date('2026-11-25T11:00:00Z'))).toBe('08:00');
    expect(horaArgentina(new Date('2026-11-26T02:30:00Z'))).toBe('23:30');
  });
});

describe('preferences', () => {
  it("start off, save with an audit row; 'Soy el analista' is gone (the analyst is the user's link, decision 083)", async () => {
    const initial = await t.request('admin', { method: 'GET', url: '/api/notificaciones/preferencias' });
    expect(initial.json()).toEqual({ resumen_diario: false, correo: USERNAMES.admin, correo_configurado: false });
    const old = await t.request('admin', {
      method: 'PATCH',
      url: '/api/notificaciones/preferencias',
      payload: { resumen_diario: true, id_analista: 1 },
    });
    expect(old.statusCode).toBe(400);
    const wrong = await t.request('admin', { method: 'PATCH', url: '/api/notificaciones/preferencias', payload: { resumen_diario: 'si' } });
    expect(wrong.statusCode).toBe(400);
    const saved = await t.request('admin', {
      method: 'PATCH',
      url: '/api/notificaciones/preferencias',
      payload: { resumen_diario: true },
    });
    expect(saved.json()).toMatchObject({ message: NOTIFICACION_MESSAGES.preferenciasGuardadas, resumen_diario: true });
    const audit = await t.rows(`select actor, changes from audit_log where action = '${AUDIT_ACTION.notificacionPreferencias}'`);
    expect(audit).toContainEqual({ actor: USERNAMES.admin, changes: { resumen_diario: [false, true] } });
  });
});
