import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { AUDIT_ACTION, MAX_VISTAS_POR_USUARIO, ROL, VISTA_MESSAGES, VISTA_NOMBRE_MAX, type Vista, type Vistas } from '@siniestros/domain';
import { PASSWORD, useTestApp } from '../../../test/helpers';

// Saved views of the case list (issue 44 item 1, docs/decisions/096), through HTTP.
const t = useTestApp();

type Caller = 'admin' | 'user' | 'inspector' | 'otro';
let otroCookie: string | undefined;
/** A second office user ('otro'), made once. */
async function otro() {
  if (otroCookie) return otroCookie;
  const created = await t.request('admin', {
    method: 'POST',
    url: '/api/users',
    payload: { apellido: 'Otra', nombre: 'Persona', username: 'otra@test.local', password: PASSWORD, password2: PASSWORD, rol: ROL.USER },
  });
  expect(created.statusCode, created.body).toBe(201);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { username: 'otra@test.local', password: PASSWORD },
  });
  otroCookie = `sid=${login.cookies.find((cookie) => cookie.name === 'sid')!.value}`;
  return otroCookie;
}
const send = async (caller: Caller, options: InjectOptions) =>
  caller === 'otro' ? t.app.inject({ ...options, headers: { cookie: await otro() } }) : t.request(caller, options);

const crear = (caller: Caller, payload: Record<string, unknown>) => send(caller, { method: 'POST', url: '/api/vistas', payload });
const listar = async (caller: Caller) => {
  const response = await send(caller, { method: 'GET', url: '/api/vistas' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Vistas;
};
const cambiar = (caller: Caller, id: number, payload: Record<string, unknown>) =>
  send(caller, { method: 'PATCH', url: `/api/vistas/${id}`, payload });
const borrar = (caller: Caller, id: number) => send(caller, { method: 'DELETE', url: `/api/vistas/${id}` });
const predeterminada = (caller: Caller, id: number | null) =>
  send(caller, { method: 'PUT', url: '/api/vistas/predeterminada', payload: { id } });
const compartir = (value: string) => t.request('admin', { method: 'PATCH', url: '/api/vistas/ajustes', payload: { compartir: value } });
const nueva = async (caller: Caller, nombre: string, extra: Record<string, unknown> = {}) => {
  const response = await crear(caller, { nombre, filtro: { estado: '3', condCasos: '1' }, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: Vista }).data;
};

beforeEach(async () => {
  await t.database.db.execute(sql`delete from vistas_casos`);
  expect((await compartir('admin')).statusCode).toBe(200);
});

describe('saved views', () => {
  it('saves a view with the list filter as the list schema reads it, and lists it for its author', async () => {
    const response = await crear('user', {
      nombre: '  Vencidos Allianz ',
      filtro: { compania: 4, plazo: 'vencido', busquedaRapida: ' AB123CD ' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { message, data } = response.json() as { message: string; data: Vista };
    expect(message).toBe(VISTA_MESSAGES.creada);
    expect(data).toMatchObject({
      nombre: 'Vencidos Allianz',
      compartida: false,
      propia: true,
      autor: 'Pérez Usuario',
      predeterminada: false,
    });
    expect(data.filtro).toMatchObject({ compania: '4', plazo: 'vencido', busquedaRapida: 'AB123CD', estado: '', condCasos: '0' });
    expect((await listar('user')).vistas.map((vista) => vista.nombre)).toEqual(['Vencidos Allianz']);
  });

  it('refuses a filter the list would refuse, an unknown field, a blank or too long name (400, nothing stored)', async () => {
    for (const filtro of [
      { estado: 'tres' },
      { flag: '99' },
      { plazo: 'mañana' },
      { fechaDesde: '2026-13-45' },
      { ordenar: 'id' },
      { busquedaRapida: 'x'.repeat(101) },
    ]) {
      const response = await crear('user', { nombre: 'Mala', filtro });
      expect(response.statusCode, JSON.stringify(filtro)).toBe(400);
    }
    expect((await crear('user', { nombre: '   ', filtro: {} })).json().message).toBeTruthy();
    expect((await crear('user', { nombre: '   ', filtro: {} })).statusCode).toBe(400);
    expect((await crear('user', { nombre: 'x'.repeat(VISTA_NOMBRE_MAX + 1), filtro: {} })).statusCode).toBe(400);
    expect((await crear('user', { nombre: 'x'.repeat(VISTA_NOMBRE_MAX), filtro: {} })).statusCode).toBe(201);
    expect((await crear('user', { nombre: 'Sin filtro' })).statusCode).toBe(400);
    expect((await listar('user')).vistas).toHaveLength(1);
  });

  it('reads a stored filter missing newer fields or holding one the schema no longer takes with their defaults', async () => {
    await t.database.db.execute(
      sql`insert into vistas_casos (id_usuario, nombre, filtro) values (${t.ids.user}, 'Vieja', ${JSON.stringify({ estado: '3', flag: '999' })}::jsonb)`,
    );
    const [vista] = (await listar('user')).vistas;
    expect(vista!.filtro).toMatchObject({ estado: '3', flag: '', plazo: '', condCasos: '0' });
  });

  it('refuses a second view with the same name (any case) from one user, allows it to another user', async () => {
    await nueva('user', 'Mis vencidos');
    const again = await crear('user', { nombre: 'MIS VENCIDOS', filtro: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VISTA_MESSAGES.nombreRepetido);
    await nueva('otro', 'Mis vencidos');
  });

  it(`keeps at most ${MAX_VISTAS_POR_USUARIO} views per user, also when saves race`, async () => {
    await t.database.db.execute(
      sql`insert into vistas_casos (id_usuario, nombre, filtro) select ${t.ids.user}, 'v' || n, '{}'::jsonb from generate_series(1, ${MAX_VISTAS_POR_USUARIO - 2}) n`,
    );
    const racing = await Promise.all(Array.from({ length: 5 }, (_, index) => crear('user', { nombre: `carrera ${index}`, filtro: {} })));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 201, 422, 422, 422]);
    expect(racing.find((response) => response.statusCode === 422)!.json().message).toBe(VISTA_MESSAGES.demasiadas);
    expect((await listar('user')).vistas).toHaveLength(MAX_VISTAS_POR_USUARIO);
    // Another user's count is their own.
    await nueva('otro', 'Una');
  });

  it("hides another user's personal view (404 to read, change, delete or make default)", async () => {
    const vista = await nueva('user', 'Personal');
    expect((await listar('otro')).vistas).toEqual([]);
    for (const response of [
      await cambiar('otro', vista.id, { nombre: 'Mía' }),
      await borrar('otro', vista.id),
      await predeterminada('otro', vista.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(VISTA_MESSAGES.notFound);
    }
    expect((await cambiar('admin', vista.id, { nombre: 'Del admin' })).statusCode).toBe(404);
    expect((await listar('user')).vistas[0]).toMatchObject({ nombre: 'Personal' });
    expect((await borrar('user', 999999)).statusCode).toBe(404);
  });

  it('lets only the Admin share by default; with the setting on everyone may', async () => {
    const refused = await crear('user', { nombre: 'Equipo', compartida: true, filtro: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(VISTA_MESSAGES.noPuedeCompartir);
    const personal = await nueva('user', 'Equipo');
    expect((await cambiar('user', personal.id, { compartida: true })).statusCode).toBe(403);
    expect((await listar('user')).puedeCompartir).toBe(false);
    await nueva('admin', 'De la oficina', { compartida: true });

    expect((await t.request('user', { method: 'PATCH', url: '/api/vistas/ajustes', payload: { compartir: 'todos' } })).statusCode).toBe(
      403,
    );
    expect((await compartir('cualquiera')).statusCode).toBe(400);
    const saved = await compartir('todos');
    expect(saved.json()).toEqual({ compartir: 'todos', message: VISTA_MESSAGES.ajustesGuardados });
    const [audit] = await t.rows<{ changes: unknown }>(
      sql`select changes from audit_log where action = ${AUDIT_ACTION.vistasAjustes} order by id desc limit 1`,
    );
    expect(audit!.changes).toEqual({ compartir: ['admin', 'todos'] });
    expect((await listar('user')).puedeCompartir).toBe(true);
    expect((await cambiar('user', personal.id, { compartida: true })).statusCode).toBe(200);
  });

  it('shows a shared view to the team read-only: others may pick it and make it their default, not change or delete it', async () => {
    await compartir('todos');
    const vista = await nueva('user', 'Equipo', { compartida: true });
    const seen = (await listar('otro')).vistas;
    expect(seen).toEqual([
      expect.objectContaining({ id: vista.id, nombre: 'Equipo', propia: false, compartida: true, autor: 'Pérez Usuario' }),
    ]);
    for (const response of [
      await cambiar('otro', vista.id, { nombre: 'Robada' }),
      await borrar('otro', vista.id),
      await cambiar('admin', vista.id, { compartida: false }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(VISTA_MESSAGES.soloLectura);
    }
    expect((await predeterminada('otro', vista.id)).statusCode).toBe(200);
    expect((await listar('otro')).vistas[0]!.predeterminada).toBe(true);
    expect((await listar('user')).vistas[0]!.predeterminada).toBe(false);
    // Unshared: it leaves the team's lists and stops being anyone else's default.
    expect((await cambiar('user', vista.id, { compartida: false })).statusCode).toBe(200);
    expect((await listar('otro')).vistas).toEqual([]);
    expect(await t.rows(sql`select * from vistas_predeterminadas where id_vista = ${vista.id}`)).toEqual([]);
  });

  it('renames, sets and clears the default, and deletes one of my views', async () => {
    const a = await nueva('user', 'A');
    const b = await nueva('user', 'B');
    const renamed = await cambiar('user', a.id, { nombre: 'Alfa' });
    expect(renamed.json()).toMatchObject({ message: VISTA_MESSAGES.actualizada, data: { id: a.id, nombre: 'Alfa' } });
    expect((await cambiar('user', a.id, { nombre: 'b' })).statusCode).toBe(409);
    expect((await cambiar('user', a.id, {})).statusCode).toBe(400);
    expect((await predeterminada('user', a.id)).json().message).toBe(VISTA_MESSAGES.predeterminadaGuardada);
    expect((await predeterminada('user', b.id)).statusCode).toBe(200);
    expect((await listar('user')).vistas.filter((vista) => vista.predeterminada).map((vista) => vista.id)).toEqual([b.id]);
    expect((await predeterminada('user', null)).statusCode).toBe(200);
    expect((await listar('user')).vistas.some((vista) => vista.predeterminada)).toBe(false);
    await predeterminada('user', a.id);
    const deleted = await borrar('user', a.id);
    expect(deleted.json()).toEqual({ message: VISTA_MESSAGES.eliminada });
    expect((await listar('user')).vistas.map((vista) => [vista.nombre, vista.predeterminada])).toEqual([['B', false]]);
  });

  it('is for the office: the Inspector and anonymous callers are refused', async () => {
    expect((await send('inspector', { method: 'GET', url: '/api/vistas' })).statusCode).toBe(403);
    expect((await t.request(null, { method: 'GET', url: '/api/vistas' })).statusCode).toBe(401);
  });
});
