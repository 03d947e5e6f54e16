import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCIA_MESSAGES, AUDIT_ACTION, AUDIT_REDACTED, LESIONADO_MESSAGES, ROL, type AuditAction, type AuditEntry } from '@siniestros/domain';
import { insertCaso } from '../../../test/fixtures';
import { createTestApp, PASSWORD, USERNAMES, type TestApp } from '../../../test/helpers';
import { totpCode } from '../users/totp';

/**
 * Every change of people's data outside the case tables is audited with who, when, address,
 * method and route (docs/decisions/028): injured people, hearings, reference data, users.
 */

let t: TestApp;
let dni: number;
beforeAll(async () => {
  t = await createTestApp();
  dni = ((await t.request('user', { method: 'GET', url: '/api/doc' })).json() as { id: number; nombre: string }[]).find((tipo) => tipo.nombre === 'DNI')!.id;
});
afterAll(() => t?.close());

/** The rows of an action about one entity, oldest first. */
const rowsOf = async (action: AuditAction, entityId: number): Promise<AuditEntry[]> =>
  (await t.app.services.audit.listByAction(action)).filter((entry) => entry.entity_id === entityId);
const historial = async (idCaso: number) => ((await t.request('user', { method: 'GET', url: `/api/historial/${idCaso}` })).json() as { msg: string; usuario: string }[]).map((row) => [row.usuario, row.msg]);

/** Who, when (UTC, recent), address, method and route. */
function expectRequestContext(entry: AuditEntry | undefined, actor: string, method: string, route: string) {
  expect(entry).toMatchObject({ actor, ip: '127.0.0.1', method, route });
  expect(Date.now() - Date.parse(entry!.fecha)).toBeLessThan(60_000);
}

describe('injured people (lesionados)', () => {
  it('creation and edit write audit rows with the changed fields; the edit also writes a history row', async () => {
    const caso = await insertCaso(t.database.db);
    const created = await t.request('user', { method: 'POST', url: `/api/lesionados/${caso.id}`, payload: { apellido: 'Ríos', nombre: 'Ana', id_tipo_doc: dni, nro_doc: '30111222' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const [createdRow] = await rowsOf(AUDIT_ACTION.lesionadoCreated, id);
    expectRequestContext(createdRow, USERNAMES.user, 'POST', '/api/lesionados/:id');
    expect(createdRow).toMatchObject({ entity: 'lesionado', detail: `caso ${caso.id}`, changes: { apellido: [null, 'Ríos'], nro_doc: [null, '30111222'] } });

    const edited = await t.request('admin', { method: 'PATCH', url: `/api/lesionados/${id}`, payload: { apellido: 'Ríos Paz', nombre: 'Ana', id_tipo_doc: dni, nro_doc: '30111223' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const [editedRow] = await rowsOf(AUDIT_ACTION.lesionadoUpdated, id);
    expectRequestContext(editedRow, USERNAMES.admin, 'PATCH', '/api/lesionados/:id');
    expect(editedRow!.changes).toEqual({ apellido: ['Ríos', 'Ríos Paz'], nro_doc: ['30111222', '30111223'] });
    expect((await historial(caso.id)).slice(0, 2)).toEqual([
      [USERNAMES.admin, LESIONADO_MESSAGES.historyUpdated],
      [USERNAMES.user, LESIONADO_MESSAGES.history],
    ]);
  });

  it('an edit that fails (unknown document type) writes neither history nor audit', async () => {
    const caso = await insertCaso(t.database.db);
    const id = (await t.request('user', { method: 'POST', url: `/api/lesionados/${caso.id}`, payload: { apellido: 'Sosa', nombre: 'Luis', id_tipo_doc: dni, nro_doc: '1' } })).json().id;
    const refused = await t.request('user', { method: 'PATCH', url: `/api/lesionados/${id}`, payload: { apellido: 'Otro', nombre: 'Luis', id_tipo_doc: 9999, nro_doc: '1' } });
    expect(refused.statusCode).toBe(422);
    expect(await rowsOf(AUDIT_ACTION.lesionadoUpdated, id)).toEqual([]);
    expect((await historial(caso.id)).map(([, msg]) => msg)).not.toContain(LESIONADO_MESSAGES.historyUpdated);
  });
});

describe('hearings (mediacion)', () => {
  it('creation and edit write audit rows next to their history rows', async () => {
    const caso = await insertCaso(t.database.db);
    const created = await t.request('user', { method: 'POST', url: `/api/mediacion/${caso.id}`, payload: { fechah: '2026-12-01', hora: '10:00', lugar: 'Juzgado 1', mediacion_nro: '55' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const [createdRow] = await rowsOf(AUDIT_ACTION.audienciaCreated, id);
    expectRequestContext(createdRow, USERNAMES.user, 'POST', '/api/mediacion/:id');
    expect(createdRow).toMatchObject({ entity: 'audiencia', changes: { lugar: [null, 'Juzgado 1'], mediacion_nro: [null, '55'] } });

    await t.request('user', { method: 'PATCH', url: `/api/mediacion/${id}`, payload: { fechah: '2026-12-02', hora: '10:00', lugar: 'Juzgado 1', mediacion_nro: '55' } });
    const [editedRow] = await rowsOf(AUDIT_ACTION.audienciaUpdated, id);
    expectRequestContext(editedRow, USERNAMES.user, 'PATCH', '/api/mediacion/:id');
    expect(editedRow!.changes).toEqual({ fechah: ['2026-12-01', '2026-12-02'] });
    expect((await historial(caso.id))[0]).toEqual([USERNAMES.user, AUDIENCIA_MESSAGES.historyUpdated]);
  });
});

describe('reference data', () => {
  it.each([
    { entity: 'compania', create: '/api/companias', route: '/api/companias/t/:id', body: (id: number) => ({ compania: { id, nombre: 'Renombrada' } }) },
    { entity: 'responsabilidad', create: '/api/respo', route: '/api/respo/t/:id', body: (id: number) => ({ id, nombre: 'Renombrada' }) },
    { entity: 'tipo_doc', create: '/api/doc', route: '/api/doc/t/:id', body: (id: number) => ({ doc: { id, nombre: 'Renombrada' } }) },
  ])('$entity: creation and edit, with who, address, method and route', async ({ entity, create, route, body }) => {
    const created = await t.request('admin', { method: 'POST', url: create, payload: { nombre: `Nueva ${entity}` } });
    const id = created.json().data.id;
    const [createdRow] = await rowsOf(AUDIT_ACTION.referenceCreated, id).then((rows) => rows.filter((row) => row.entity === entity));
    expectRequestContext(createdRow, USERNAMES.admin, 'POST', create);
    expect(createdRow!.changes).toEqual({ nombre: [null, `Nueva ${entity}`] });

    expect((await t.request('admin', { method: 'PATCH', url: route.replace(':id', String(id)), payload: body(id) })).statusCode).toBe(200);
    const [editedRow] = await rowsOf(AUDIT_ACTION.referenceUpdated, id).then((rows) => rows.filter((row) => row.entity === entity));
    expectRequestContext(editedRow, USERNAMES.admin, 'PATCH', route);
    expect(editedRow!.changes).toEqual({ nombre: [`Nueva ${entity}`, 'Renombrada'] });
  });

  it('analistas: creation and edit', async () => {
    const id = (await t.request('admin', { method: 'POST', url: '/api/analistas', payload: { nombre: 'Marta', apellido: 'Ibáñez' } })).json().data.id;
    await t.request('admin', { method: 'PATCH', url: `/api/analistas/${id}`, payload: { nombre: 'Marta', apellido: 'Ibáñez Sosa' } });
    const [created] = (await rowsOf(AUDIT_ACTION.referenceCreated, id)).filter((row) => row.entity === 'analista');
    const [edited] = (await rowsOf(AUDIT_ACTION.referenceUpdated, id)).filter((row) => row.entity === 'analista');
    expectRequestContext(created, USERNAMES.admin, 'POST', '/api/analistas');
    expectRequestContext(edited, USERNAMES.admin, 'PATCH', '/api/analistas/:id');
    expect(edited!.changes).toEqual({ apellido: ['Ibáñez', 'Ibáñez Sosa'] });
  });
});

describe('users', () => {
  it("an Admin's create, edit, password change, session revocation and factor removal carry the request's address, method and route", async () => {
    const created = await t.request('admin', {
      method: 'POST',
      url: '/api/users',
      payload: { apellido: 'Auditada', nombre: 'Persona', username: 'auditada@test.local', password: 'Clave-Auditada-1', password2: 'Clave-Auditada-1', rol: ROL.USER },
    });
    const id = created.json().user.id;
    await t.request('admin', { method: 'PATCH', url: `/api/users/${id}`, payload: { nombre: 'Persona Dos', password: 'Clave-Auditada-2', password2: 'Clave-Auditada-2', password_admin: PASSWORD } });
    await t.request('admin', { method: 'POST', url: `/api/users/${id}/sessions/revoke`, payload: {} });
    await t.request('admin', { method: 'DELETE', url: `/api/users/${id}/totp`, payload: { password_admin: PASSWORD } });

    const [createdRow] = await rowsOf(AUDIT_ACTION.userCreated, id);
    expectRequestContext(createdRow, USERNAMES.admin, 'POST', '/api/users');
    expect(createdRow!.changes).toMatchObject({ username: [null, 'auditada@test.local'], password: [AUDIT_REDACTED, AUDIT_REDACTED] });
    const [editedRow] = await rowsOf(AUDIT_ACTION.userUpdated, id);
    expectRequestContext(editedRow, USERNAMES.admin, 'PATCH', '/api/users/:id');
    expect(editedRow!.changes).toEqual({ nombre: ['Persona', 'Persona Dos'], password: [AUDIT_REDACTED, AUDIT_REDACTED] });
    expectRequestContext((await rowsOf(AUDIT_ACTION.sessionsRevoked, id))[0], USERNAMES.admin, 'POST', '/api/users/:id/sessions/revoke');
    expectRequestContext((await rowsOf(AUDIT_ACTION.totpReset, id))[0], USERNAMES.admin, 'DELETE', '/api/users/:id/totp');
  });

  it("a user's own second-factor enrolment is audited with the request", async () => {
    const cookie = await t.login('inspector');
    const started = await t.app.inject({ method: 'POST', url: '/api/users/totp', headers: { cookie }, payload: { password: PASSWORD } });
    expect(started.statusCode).toBe(200);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/users/totp/confirm', headers: { cookie }, payload: { totp: totpCode(started.json().secret, new Date()) } });
    expect(confirmed.statusCode).toBe(200);
    expectRequestContext((await rowsOf(AUDIT_ACTION.totpEnabled, t.ids.inspector))[0], USERNAMES.inspector, 'POST', '/api/users/totp/confirm');
  });
});
