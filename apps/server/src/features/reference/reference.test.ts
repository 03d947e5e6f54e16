import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTADOS, REFERENCE_SCREENS, TIPOS_DOC_INICIALES, PRODUCTOS_INICIALES } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('seeded reference data', () => {
  it('has the 19 statuses of decision 000, the document types and the products', async () => {
    expect((await t.request('user', { method: 'GET', url: '/api/casos/estados' })).json()).toEqual(ESTADOS.map((estado) => ({ ...estado })));
    expect((await t.request('user', { method: 'GET', url: '/api/doc' })).json().map((row: { nombre: string }) => row.nombre)).toEqual([...TIPOS_DOC_INICIALES]);
    expect((await t.request('user', { method: 'GET', url: '/api/casos/productos' })).json().map((row: { nombre: string }) => row.nombre)).toEqual([...PRODUCTOS_INICIALES]);
  });

  it('serves the web app settings without a session', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ orgAcronym: 'SGS', orgName: 'Gestión de Siniestros', captcha: 'off', pageSize: 20, desbloqueo: false });
  });
});

describe.each([
  { kind: 'tipoDoc', create: '/api/doc', list: '/api/doc/abm', update: (id: number) => `/api/doc/t/${id}`, body: (nombre: string, id: number) => ({ doc: { id, nombre } }) },
  { kind: 'companias', create: '/api/companias', list: '/api/companias/admin', update: (id: number) => `/api/companias/t/${id}`, body: (nombre: string, id: number) => ({ compania: { id, nombre } }) },
  { kind: 'responsabilidad', create: '/api/respo', list: '/api/respo', update: (id: number) => `/api/respo/t/${id}`, body: (nombre: string, id: number) => ({ id, nombre }) },
] as const)('$kind', ({ kind, create, list, update, body }) => {
  it('an Admin creates and renames an entry with the spec messages', async () => {
    const created = await t.request('admin', { method: 'POST', url: create, payload: { nombre: 'Primero' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(REFERENCE_SCREENS[kind].created);
    const id = created.json().data.id;
    const updated = await t.request('admin', { method: 'PATCH', url: update(id), payload: body('Renombrado', id) });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe(REFERENCE_SCREENS[kind].updated);
    const rows = (await t.request('user', { method: 'GET', url: list })).json();
    expect(rows).toContainEqual({ id, nombre: 'Renombrado' });
  });

  it('requires a nombre, refuses unknown ids and non-Admins', async () => {
    const blank = await t.request('admin', { method: 'POST', url: create, payload: { nombre: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ path: 'nombre', message: 'El nombre es requerido' }]);
    expect((await t.request('admin', { method: 'PATCH', url: update(99_999), payload: body('X', 99_999) })).statusCode).toBe(404);
    expect((await t.request('user', { method: 'POST', url: create, payload: { nombre: 'X' } })).statusCode).toBe(403);
    expect((await t.request('inspector', { method: 'GET', url: list })).statusCode).toBe(403);
  });
});

describe('analistas', () => {
  it('creates and updates with apellido and nombre required', async () => {
    const created = await t.request('admin', { method: 'POST', url: '/api/analistas', payload: { nombre: 'Marta', apellido: 'Ibáñez' } });
    expect(created.json().message).toBe('Analista creado exitosamente');
    const id = created.json().data.id;
    const updated = await t.request('admin', { method: 'PATCH', url: `/api/analistas/${id}`, payload: { id, nombre: 'Marta', apellido: 'Ibáñez Sosa' } });
    expect(updated.json().message).toBe('analista actualizado exitosamente');
    expect((await t.request('user', { method: 'GET', url: '/api/analistas/abm' })).json()).toContainEqual({
      id,
      nombre: 'Marta',
      apellido: 'Ibáñez Sosa',
      id_usuario: null,
      usuario: null,
      disponible: true,
    });
    const bad = await t.request('admin', { method: 'POST', url: '/api/analistas', payload: { nombre: 'Sin Apellido' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'apellido', message: 'El apellido es requerido' }]);
  });
});

describe('responsabilidad paging', () => {
  it('pages /respo/abm in SQL with totals', async () => {
    for (let i = 0; i < 3; i++) await t.request('admin', { method: 'POST', url: '/api/respo', payload: { nombre: `R${i}` } });
    const all = (await t.request('admin', { method: 'GET', url: '/api/respo' })).json();
    const page = (await t.request('admin', { method: 'GET', url: '/api/respo/abm/?page=2&pageSize=2' })).json();
    expect(page.total).toBe(all.length);
    expect(page.totalPages).toBe(Math.ceil(all.length / 2));
    expect(page.data).toEqual(all.slice(2, 4));
  });
});
