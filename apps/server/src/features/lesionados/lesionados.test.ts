import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASO_MESSAGES, LESIONADO_MESSAGES } from '@siniestros/domain';
import { createTestApp, USERNAMES, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';

let t: TestApp;
let dni: number;
let pasaporte: number;
beforeAll(async () => {
  t = await createTestApp();
  const tipos: { id: number; nombre: string }[] = (await t.request('user', { method: 'GET', url: '/api/doc' })).json();
  dni = tipos.find((tipo) => tipo.nombre === 'DNI')!.id;
  pasaporte = tipos.find((tipo) => tipo.nombre === 'Pasaporte')!.id;
});
afterAll(() => t?.close());

const historial = async (idCaso: number) => (await t.request('user', { method: 'GET', url: `/api/historial/${idCaso}` })).json() as { msg: string; usuario: string }[];
const body = (extra: Record<string, unknown> = {}) => ({
  apellido: 'Ríos',
  nombre: 'Ana',
  id_tipo_doc: dni,
  nro_doc: '30111222',
  usuario: 'ignored@client',
  msg: 'Se creo el Lesionado',
  fecha: '2026-01-01',
  ...extra,
});

describe('POST /lesionados/{caseId}', () => {
  it('creates the injured person with its history row and the spec message', async () => {
    const caso = await insertCaso(t.database.db);
    const response = await t.request('user', { method: 'POST', url: `/api/lesionados/${caso.id}`, payload: body() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: LESIONADO_MESSAGES.created, id_caso: caso.id, apellido: 'Ríos', nombre: 'Ana', id_tipo_doc: dni, nro_doc: '30111222', tipo_doc: 'DNI' });
    expect((await historial(caso.id))[0]).toMatchObject({ msg: LESIONADO_MESSAGES.history, usuario: USERNAMES.user });
  });

  it('answers 400 with each field error and writes nothing', async () => {
    const caso = await insertCaso(t.database.db);
    const response = await t.request('user', { method: 'POST', url: `/api/lesionados/${caso.id}`, payload: { nombre: '', id_tipo_doc: 'x', nro_doc: '1'.repeat(51) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'apellido', message: 'El apellido es requerido' },
        { path: 'nombre', message: 'El nombre es requerido' },
        { path: 'id_tipo_doc', message: LESIONADO_MESSAGES.tipoDocRequired },
        { path: 'nro_doc', message: 'Debe tener maximo 50 caracteres' },
      ]),
    );
    expect((await t.request('user', { method: 'GET', url: `/api/lesionados/cl/${caso.id}` })).json()).toEqual([]);
  });

  it('answers 404 for an unknown case and 422 for an unknown document type, writing nothing', async () => {
    const missing = await t.request('user', { method: 'POST', url: '/api/lesionados/999999', payload: body() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CASO_MESSAGES.notFound);

    const caso = await insertCaso(t.database.db);
    const badTipo = await t.request('user', { method: 'POST', url: `/api/lesionados/${caso.id}`, payload: body({ id_tipo_doc: 9999 }) });
    expect(badTipo.statusCode).toBe(422);
    expect(badTipo.json().message).toBe(CASO_MESSAGES.tipoDocNotFound);
    expect((await t.request('user', { method: 'GET', url: `/api/lesionados/cl/${caso.id}` })).json()).toEqual([]);
    expect((await historial(caso.id)).map((row) => row.msg)).toEqual(['Alta caso']);
  });

  it('is for staff only', async () => {
    const caso = await insertCaso(t.database.db);
    expect((await t.request('inspector', { method: 'POST', url: `/api/lesionados/${caso.id}`, payload: body() })).statusCode).toBe(403);
  });
});

describe('GET /lesionados/cl/{caseId}', () => {
  it("lists the case's injured people in creation order with the document type name", async () => {
    const caso = await insertCaso(t.database.db);
    const other = await insertCaso(t.database.db);
    await t.request('user', { method: 'POST', url: `/api/lesionados/${caso.id}`, payload: body({ apellido: 'Primero' }) });
    await t.request('user', { method: 'POST', url: `/api/lesionados/${caso.id}`, payload: body({ apellido: 'Segundo', id_tipo_doc: String(pasaporte) }) });
    await t.request('user', { method: 'POST', url: `/api/lesionados/${other.id}`, payload: body({ apellido: 'Ajeno' }) });
    const rows = (await t.request('admin', { method: 'GET', url: `/api/lesionados/cl/${caso.id}` })).json();
    expect(rows.map((row: { apellido: string; tipo_doc: string }) => [row.apellido, row.tipo_doc])).toEqual([
      ['Primero', 'DNI'],
      ['Segundo', 'Pasaporte'],
    ]);
  });

  it('answers 404 for an unknown case and 400 for a bad id', async () => {
    expect((await t.request('user', { method: 'GET', url: '/api/lesionados/cl/999999' })).statusCode).toBe(404);
    expect((await t.request('user', { method: 'GET', url: '/api/lesionados/cl/abc' })).statusCode).toBe(400);
  });
});

describe('PATCH /lesionados/{id}', () => {
  it('updates the injured person with the message the spec reuses', async () => {
    const caso = await insertCaso(t.database.db);
    const created = (await t.request('user', { method: 'POST', url: `/api/lesionados/${caso.id}`, payload: body() })).json();
    const response = await t.request('user', {
      method: 'PATCH',
      url: `/api/lesionados/${created.id}`,
      payload: { id: created.id, apellido: 'Ríos Paz', nombre: 'Ana María', id_tipo_doc: pasaporte, nro_doc: 'AB123' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'analista actualizado exitosamente', id: created.id, apellido: 'Ríos Paz', tipo_doc: 'Pasaporte' });
    const [row] = (await t.request('user', { method: 'GET', url: `/api/lesionados/cl/${caso.id}` })).json();
    expect(row).toEqual({ id: created.id, version: 2, id_caso: caso.id, apellido: 'Ríos Paz', nombre: 'Ana María', id_tipo_doc: pasaporte, nro_doc: 'AB123', tipo_doc: 'Pasaporte' });
  });

  it('answers 404 for an unknown injured person, 422 for an unknown document type, 400 for bad fields', async () => {
    const caso = await insertCaso(t.database.db);
    const created = (await t.request('user', { method: 'POST', url: `/api/lesionados/${caso.id}`, payload: body() })).json();
    const update = { apellido: 'X', nombre: 'Y', id_tipo_doc: dni, nro_doc: '1' };
    expect((await t.request('user', { method: 'PATCH', url: '/api/lesionados/999999', payload: update })).statusCode).toBe(404);
    expect((await t.request('user', { method: 'PATCH', url: `/api/lesionados/${created.id}`, payload: { ...update, id_tipo_doc: 9999 } })).statusCode).toBe(422);
    const bad = await t.request('user', { method: 'PATCH', url: `/api/lesionados/${created.id}`, payload: { ...update, apellido: '   ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'apellido', message: 'El apellido es requerido' }]);
    const [row] = (await t.request('user', { method: 'GET', url: `/api/lesionados/cl/${caso.id}` })).json();
    expect(row.apellido).toBe('Ríos');
  });
});
