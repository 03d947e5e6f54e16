import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUDIT_ACTION, ESTADO, type AuditEntry, type AuditPage, type CasoDetalle } from '@siniestros/domain';
import { insertCaso } from '../../../test/fixtures';
import { createTestApp, USERNAMES, type TestApp } from '../../../test/helpers';
import { casos } from '../../db/tables/casos';
import { createCaso, tercero } from '../casos/casos.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const patch = (url: string, payload: object) => t.request('user', { method: 'PATCH', url, payload });
const getDetail = async (id: number): Promise<CasoDetalle> => (await t.request('user', { method: 'GET', url: `/api/casos/${id}` })).json();
const editBody = (detail: CasoDetalle) => ({ caso: { ...detail.caso }, asegurados: { ...detail.asegurados }, terceros: detail.terceros.map((item) => ({ ...item })) });

async function trail(id: number): Promise<AuditPage> {
  const response = await t.request('admin', { method: 'GET', url: `/api/audit/casos/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const changesOf = async (id: number) => (await trail(id)).data.map((entry: AuditEntry) => [entry.actor, entry.changes]);

describe("every change of a case's fields is audited by the database (the security issue)", () => {
  it('PATCH /casos/:id: one row per changed table, [old, new], the session user, UTC; an Admin reads it, a User may not', async () => {
    const id = await createCaso(t, { terceros: [tercero(1)] });
    expect((await trail(id)).total).toBe(0); // creating a case (and its first third parties) is not a change

    const body = editBody(await getDetail(id));
    body.caso.gestor = 'Gestor Editado';
    Object.assign(body.asegurados, { dominio: 'zz999yy', suma_asegurada: '2000' });
    const startedAt = Date.now();
    expect((await patch(`/api/casos/${id}`, body)).statusCode).toBe(200);

    const page = await trail(id);
    expect(page.total).toBe(2);
    expect(page.data.map((entry) => [entry.actor, entry.changes])).toEqual([
      [USERNAMES.user, { 'asegurado.dominio': ['AB123CD', 'ZZ999YY'], 'asegurado.suma_asegurada': ['1500000.50', '2000.00'] }],
      [USERNAMES.user, { gestor: ['Gestor Uno', 'Gestor Editado'] }],
    ]);
    for (const entry of page.data) {
      expect(entry).toMatchObject({ action: AUDIT_ACTION.casoUpdated, entity: 'caso', entity_id: id });
      expect(entry.fecha).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(entry.fecha)).toBeGreaterThanOrEqual(startedAt - 60_000);
    }
    expect((await t.request('user', { method: 'GET', url: `/api/audit/casos/${id}` })).statusCode).toBe(403);
  });

  it('records third parties added and edited, prefixed with their order', async () => {
    const id = await createCaso(t, { terceros: [tercero(1)] });
    const detail = await getDetail(id);
    const response = await patch(`/api/terceros/t/${id}`, [{ ...detail.terceros[0]!, dominio: 'kk111kk' }, tercero(2, { apellido: 'Nuevo' })]);
    expect(response.statusCode, response.body).toBe(200);
    const [added, edited] = (await trail(id)).data;
    expect(added).toMatchObject({ actor: USERNAMES.user, changes: { 'tercero2.apellido': [null, 'Nuevo'], 'tercero2.dominio': [null, 'AC200ZZ'] } });
    expect(Object.keys(added!.changes!).every((field) => field.startsWith('tercero2.'))).toBe(true);
    expect(edited).toMatchObject({ actor: USERNAMES.user, changes: { 'tercero1.dominio': ['AC100ZZ', 'KK111KK'] } });
    expect(Object.keys(edited!.changes!)).toEqual(['tercero1.dominio']);
  });

  it('a life-cycle advance records id_estado old → new', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.INSPECCION });
    expect((await patch(`/api/casos/avanza/${caso.id}`, {})).statusCode).toBe(200);
    const [entry] = (await trail(caso.id)).data;
    expect(entry).toMatchObject({ actor: USERNAMES.user, changes: { id_estado: [ESTADO.INSPECCION, ESTADO.ANALISIS] } });
  });

  it('a flag toggle records it', async () => {
    const caso = await insertCaso(t.database.db);
    expect((await patch(`/api/casos/flag/${caso.id}`, { flag: 1 })).statusCode).toBe(200);
    expect(await changesOf(caso.id)).toEqual([[USERNAMES.user, { urg: [false, true] }]]);
  });

  it('records nothing for a rolled-back update or an update that changes nothing', async () => {
    const id = await createCaso(t, { terceros: [tercero(1)] });
    const other = await createCaso(t, { terceros: [tercero(1)] });
    const foreignTercero = (await getDetail(other)).terceros[0]!;
    const body = editBody(await getDetail(id));

    const unchanged = await patch(`/api/casos/${id}`, body);
    expect(unchanged.statusCode).toBe(200);

    // Read again: the save above gave the case a new edit version (docs/decisions/074).
    const reread = editBody(await getDetail(id));
    const rolledBack = await patch(`/api/casos/${id}`, {
      ...reread,
      caso: { ...reread.caso, gestor: 'No debe quedar' },
      asegurados: { ...reread.asegurados, apellido: 'Tampoco' },
      terceros: [{ ...foreignTercero, apellido: 'Robado' }],
    });
    expect(rolledBack.statusCode).toBe(404);
    expect((await trail(id)).total).toBe(0);
    expect((await trail(other)).total).toBe(0);
  });

  it('the actor lasts only for its transaction: a later write without one is recorded with no actor', async () => {
    const caso = await insertCaso(t.database.db);
    expect((await patch(`/api/casos/flag/${caso.id}`, { flag: 2 })).statusCode).toBe(200);
    await t.database.db.update(casos).set({ gestor: 'Directo' }).where(eq(casos.id, caso.id));
    expect(await changesOf(caso.id)).toEqual([
      [null, { gestor: ['Gestor Test', 'Directo'] }],
      [USERNAMES.user, { amp: [false, true] }],
    ]);
  });
});
