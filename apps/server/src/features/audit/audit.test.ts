import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION, AUDIT_ENTITY, AUDIT_REDACTED, type AuditEntry } from '@siniestros/domain';
import { insertCaso } from '../../../test/fixtures';
import { createTestApp, PASSWORD, USERNAMES, type TestApp } from '../../../test/helpers';
import { changesBetween } from './audit.service';

let t: TestApp;
const now = new Date('2026-11-22T13:45:10.250Z');
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(() => t?.close());

const rowsOf = (action: (typeof AUDIT_ACTION)[keyof typeof AUDIT_ACTION]) => t.app.services.audit.listByAction(action);

/** The 403 row is written after the answer left: wait for it. */
async function eventually(find: () => Promise<AuditEntry | undefined>): Promise<AuditEntry> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = await find();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('audit row not written');
}

describe('sign-ins are audited (ASVS 16.3.1)', () => {
  it('a success: username, address, UTC time', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: USERNAMES.user, password: PASSWORD },
      remoteAddress: '10.9.8.7',
    });
    expect(response.statusCode).toBe(200);
    const row = (await rowsOf(AUDIT_ACTION.loginSucceeded)).find((entry) => entry.ip === '10.9.8.7');
    expect(row).toMatchObject({
      actor: USERNAMES.user,
      entity: AUDIT_ENTITY.usuario,
      entity_id: t.ids.user,
      fecha: '2026-11-22T13:45:10.250Z',
    });
  });

  it('a failure: the name typed and why, never the password', async () => {
    const secretTry = 'Mi-Clave-Secreta-99';
    await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: USERNAMES.user, password: secretTry },
      remoteAddress: '10.9.8.6',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: 'fantasma@test.local', password: secretTry },
      remoteAddress: '10.9.8.6',
    });
    const rows = (await rowsOf(AUDIT_ACTION.loginFailed)).filter((entry) => entry.ip === '10.9.8.6');
    expect(rows.map((row) => [row.actor, row.detail])).toEqual([
      [USERNAMES.user, 'bad_password'],
      ['fantasma@test.local', 'unknown_user'],
    ]);
    expect(rows[0]!.fecha).toBe('2026-11-22T13:45:10.250Z');
    const everything = JSON.stringify(await t.database.db.execute('select * from audit_log'));
    expect(everything).not.toContain(secretTry);
  });
});

describe('refused authorizations are audited (ASVS 16.3.2)', () => {
  it('records user, route and method of a 403', async () => {
    const response = await t.request('inspector', { method: 'GET', url: '/api/users?page=1' });
    expect(response.statusCode).toBe(403);
    const row = await eventually(async () =>
      (await rowsOf(AUDIT_ACTION.accessDenied)).find((entry) => entry.actor === USERNAMES.inspector),
    );
    expect(row).toMatchObject({ method: 'GET', route: '/api/users', ip: '127.0.0.1', fecha: '2026-11-22T13:45:10.250Z' });
  });
});

describe('audit.record and GET /api/audit/casos/{id}', () => {
  it("writes a case's field changes in the caller's transaction and serves the trail to an Admin, newest first", async () => {
    const caso = await insertCaso(t.database.db);
    const { audit } = t.app.services;
    const before: Record<string, unknown> = { reclamo_nro: '100200', id_estado: 1, valor_ofertado: null, observaciones: 'Sin novedad' };
    await t.database.db.transaction(async (tx) => {
      await audit.record(tx, {
        actor: USERNAMES.user,
        action: AUDIT_ACTION.casoUpdated,
        entity: AUDIT_ENTITY.caso,
        entityId: caso.id,
        changes: changesBetween(before, { reclamo_nro: '100201', id_estado: 1, valor_ofertado: '150000.50', observaciones: 'Sin novedad' }),
      });
      await audit.record(tx, {
        actor: USERNAMES.admin,
        action: AUDIT_ACTION.casoUpdated,
        entity: AUDIT_ENTITY.caso,
        entityId: caso.id,
        changes: changesBetween({ id_estado: 1 }, { id_estado: 2 }),
      });
    });
    // A change that is rolled back leaves no audit row either.
    await t.database.db
      .transaction(async (tx) => {
        await audit.record(tx, {
          actor: USERNAMES.user,
          action: AUDIT_ACTION.casoUpdated,
          entity: AUDIT_ENTITY.caso,
          entityId: caso.id,
          changes: { gestor: ['A', 'B'] },
        });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    // Nothing changed: nothing recorded.
    expect(
      await audit.record(t.database.db, {
        actor: USERNAMES.user,
        action: AUDIT_ACTION.casoUpdated,
        entity: AUDIT_ENTITY.caso,
        entityId: caso.id,
        changes: changesBetween(before, before),
      }),
    ).toBe(false);

    const trail = await t.request('admin', { method: 'GET', url: `/api/audit/casos/${caso.id}` });
    expect(trail.statusCode).toBe(200);
    expect(trail.json()).toMatchObject({ total: 2, totalPages: 1 });
    expect(trail.json().data.map((entry: AuditEntry) => [entry.actor, entry.changes])).toEqual([
      [USERNAMES.admin, { id_estado: [1, 2] }],
      [USERNAMES.user, { reclamo_nro: ['100200', '100201'], valor_ofertado: [null, '150000.50'] }],
    ]);
    expect(trail.json().data[0]).toMatchObject({
      action: AUDIT_ACTION.casoUpdated,
      entity: 'caso',
      entity_id: caso.id,
      fecha: '2026-11-22T13:45:10.250Z',
    });

    const paged = await t.request('admin', { method: 'GET', url: `/api/audit/casos/${caso.id}?page=2&pageSize=1` });
    expect(paged.json()).toMatchObject({ total: 2, totalPages: 2, data: [{ actor: USERNAMES.user }] });
    expect((await t.request('user', { method: 'GET', url: `/api/audit/casos/${caso.id}` })).statusCode).toBe(403);
    expect((await t.request('admin', { method: 'GET', url: '/api/audit/casos/999999' })).json()).toEqual({
      data: [],
      total: 0,
      totalPages: 0,
    });
  });

  it('changesBetween keeps only changed fields and hides secret ones', () => {
    expect(
      changesBetween({ a: 1, b: 'x', fecha: new Date('2026-01-02T00:00:00Z') }, { a: 1, b: 'y', fecha: new Date('2026-01-03T00:00:00Z') }),
    ).toEqual({
      b: ['x', 'y'],
      fecha: ['2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z'],
    });
    expect(changesBetween({ password: 'vieja' }, { password: 'nueva' })).toEqual({ password: [AUDIT_REDACTED, AUDIT_REDACTED] });
    expect(changesBetween({ a: 1, b: 2 }, { a: 5, b: 6 }, ['b'])).toEqual({ b: [2, 6] });
  });

  it("records an Admin's changes to users, the password only as changed", async () => {
    await t.request('admin', {
      method: 'PATCH',
      url: `/api/users/${t.ids.inspector2}`,
      payload: { nombre: 'Segunda', password: 'Otra-Clave-Larga-1', password2: 'Otra-Clave-Larga-1', password_admin: PASSWORD },
    });
    const row = (await rowsOf(AUDIT_ACTION.userUpdated)).find((entry) => entry.entity_id === t.ids.inspector2)!;
    expect(row.actor).toBe(USERNAMES.admin);
    expect(row.changes).toEqual({ nombre: ['Segundo', 'Segunda'], password: [AUDIT_REDACTED, AUDIT_REDACTED] });
    expect(JSON.stringify(row)).not.toContain('Otra-Clave-Larga-1');
  });
});
