import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CASO_MESSAGES, LETRADO_MESSAGES } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { casos } from '../../db/tables/casos';
import { historial } from '../../db/tables/historial';
import { letrados } from '../../db/tables/letrados';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const LETRADO = { apellido: 'Fernández', nombre: 'Julia', fijo: '011 4444-5555', cel: '11 5555-6666', mail: 'jfernandez@estudio.com.ar', cuit: '27-22333444-5', cbu: '0720000788000012345678' };

const post = (body: Record<string, unknown>, role: 'user' | 'admin' | 'inspector' = 'user') => t.request(role, { method: 'POST', url: '/api/letrados', payload: body });

async function casoRow(id: number) {
  const [row] = await t.database.db.select({ idLetrado: casos.id_letrado }).from(casos).where(eq(casos.id, id));
  return row!;
}

async function historyOf(idCaso: number) {
  return t.database.db.select({ msg: historial.msg, usuario: historial.usuario }).from(historial).where(eq(historial.id_caso, idCaso)).orderBy(historial.id);
}

describe('POST /letrados', () => {
  it('creates the case lawyer, links it to the case and writes a history row', async () => {
    const caso = await insertCaso(t.database.db);
    const response = await post({ id_caso: caso.id, ...LETRADO, msg: '', fecha: '2026-10-10', usuario: 'otro@x.com' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(LETRADO_MESSAGES.saved);
    expect(body.data).toEqual({ id: expect.any(Number), id_caso: caso.id, ...LETRADO });
    expect((await casoRow(caso.id)).idLetrado).toBe(body.data.id);
    expect((await historyOf(caso.id)).slice(1)).toEqual([{ msg: LETRADO_MESSAGES.created, usuario: 'user@test.local' }]);
  });

  it('updates the existing lawyer on a second save (one lawyer per case)', async () => {
    const caso = await insertCaso(t.database.db);
    const first = (await post({ id_caso: caso.id, apellido: 'Ruiz' })).json().data;
    const second = await post({ id_caso: caso.id, ...LETRADO, msg: 'Cambia el letrado del tercero' });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual({ id: first.id, id_caso: caso.id, ...LETRADO });
    expect(await t.database.db.select().from(letrados).where(eq(letrados.id_caso, caso.id))).toHaveLength(1);
    expect((await historyOf(caso.id)).map((row) => row.msg)).toEqual(['Alta caso', LETRADO_MESSAGES.created, 'Cambia el letrado del tercero']);
  });

  it('creates only one lawyer when two saves race', async () => {
    const caso = await insertCaso(t.database.db);
    const responses = await Promise.all([post({ id_caso: caso.id, apellido: 'Uno' }), post({ id_caso: caso.id, apellido: 'Dos' })]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    const rows = await t.database.db.select().from(letrados).where(eq(letrados.id_caso, caso.id));
    expect(rows).toHaveLength(1);
    expect((await casoRow(caso.id)).idLetrado).toBe(rows[0]!.id);
  });

  it('validates with the spec §5 rules and needs an existing case', async () => {
    const caso = await insertCaso(t.database.db);
    const noApellido = await post({ id_caso: caso.id, nombre: 'Sin apellido' });
    expect(noApellido.statusCode).toBe(400);
    expect(noApellido.json().errors).toContainEqual({ path: 'apellido', message: expect.any(String) });
    const badMail = await post({ id_caso: caso.id, apellido: 'Ruiz', mail: 'no-es-un-mail' });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().errors).toEqual([{ path: 'mail', message: LETRADO_MESSAGES.mail }]);
    const long = await post({ id_caso: caso.id, apellido: 'R'.repeat(51), cuit: '1'.repeat(21) });
    expect(long.json().errors.map((error: { path: string }) => error.path).sort()).toEqual(['apellido', 'cuit']);
    const missing = await post({ id_caso: 999_999, apellido: 'Ruiz' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CASO_MESSAGES.notFound);
    expect((await post({ id_caso: caso.id, apellido: 'Ruiz' }, 'inspector')).statusCode).toBe(403);
    expect(await t.database.db.select().from(letrados).where(eq(letrados.id_caso, caso.id))).toHaveLength(0);
  });
});

describe('PATCH /letrados/:id', () => {
  it('updates the lawyer with a history row', async () => {
    const caso = await insertCaso(t.database.db);
    const { id } = (await post({ id_caso: caso.id, apellido: 'Ruiz' })).json().data;
    const response = await t.request('admin', { method: 'PATCH', url: `/api/letrados/${id}`, payload: { id, id_caso: caso.id, ...LETRADO, nombre: null, mail: '' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: LETRADO_MESSAGES.saved, data: { id, id_caso: caso.id, ...LETRADO, nombre: null, mail: null } });
    expect((await historyOf(caso.id)).at(-1)).toEqual({ msg: LETRADO_MESSAGES.updated, usuario: 'admin@test.local' });
  });

  it('answers 404 for an unknown lawyer', async () => {
    const response = await t.request('user', { method: 'PATCH', url: '/api/letrados/999999', payload: { apellido: 'Ruiz' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(LETRADO_MESSAGES.notFound);
  });
});
