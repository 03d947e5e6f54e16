import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ROL, USER_MESSAGES } from '@siniestros/domain';
import { createTestApp, PASSWORD, USERNAMES, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('POST /api/users/login', () => {
  it('signs in and sets an httpOnly SameSite=Strict cookie of 4 hours', async () => {
    const before = Date.now();
    const response = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: USERNAMES.user, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ usr: USERNAMES.user, rol: ROL.USER, id_inspect: null });
    const cookie = response.cookies.find((item) => item.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/');
    const lifetime = new Date(cookie.expires!).getTime() - before;
    expect(lifetime).toBeGreaterThan(4 * 3600_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(4 * 3600_000 + 1_000);
  });

  it('returns the inspector id for an Inspector', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: USERNAMES.inspector, password: PASSWORD } });
    expect(response.json()).toEqual({ usr: USERNAMES.inspector, rol: ROL.INSPECTOR, id_inspect: t.ids.inspectorRecord });
  });

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: USERNAMES.user, password: 'otra-clave-mala' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'nadie@test.local', password: 'otra-clave-mala' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.badCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates the body with the spec messages', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'ab', password: '' } });
    expect(response.statusCode).toBe(400);
    const messages = response.json().errors.map((error: { message: string }) => error.message);
    expect(messages).toContain('El nombre de usuario debe tener al menos 4 caracteres.');
    expect(messages).toContain('La contraseña es requerida');
  });
});

describe('session', () => {
  it('GET /api/users/auth needs a session', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/users/auth' })).statusCode).toBe(401);
    const response = await t.request('admin', { method: 'GET', url: '/api/users/auth' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ usr: USERNAMES.admin, rol: ROL.ADMIN });
  });

  it('logout revokes the session on the server', async () => {
    const cookie = await t.login('user');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refresh issues a new token and retires the old one', async () => {
    const cookie = await t.login('user');
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/users/refresh', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.cookies.find((item) => item.name === 'sid')!;
    expect(`sid=${next.value}`).not.toBe(cookie);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie: `sid=${next.value}` } })).statusCode).toBe(200);
  });

  it('refuses a cross-site state-changing request', async () => {
    const response = await t.request('admin', {
      method: 'POST',
      url: '/api/companias',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { nombre: 'Maliciosa' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('session expiry', () => {
  it('ends a session after 4 hours (injected clock)', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    // An idle limit just under the 4 h, so that one request at 13:59 is still inside it.
    const clocked = await createTestApp({ SESSION_IDLE_MINUTES: '239' }, { now: () => now });
    try {
      const cookie = await clocked.login('user');
      now = new Date('2026-11-22T13:59:00Z');
      expect((await clocked.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(200);
      now = new Date('2026-11-22T14:00:01Z');
      expect((await clocked.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });
});

describe('users administration', () => {
  it('an Admin creates, edits and changes the password of a user', async () => {
    const created = await t.request('admin', {
      method: 'POST',
      url: '/api/users',
      payload: { apellido: 'Fernández', nombre: 'María', username: 'maria@test.local', password: 'Una-Clave-Larga', password2: 'Una-Clave-Larga', rol: ROL.USER },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(USER_MESSAGES.created);
    const id = created.json().user.id;

    const edited = await t.request('admin', { method: 'PATCH', url: `/api/users/${id}`, payload: { apellido: 'Fernández Ruiz', nombre: 'María', username: 'maria@test.local' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe(USER_MESSAGES.updated);

    const list = await t.request('admin', { method: 'GET', url: '/api/users' });
    expect(list.json().find((user: { id: number }) => user.id === id)).toMatchObject({ apellido: 'Fernández Ruiz', rol: ROL.USER, id_tipo_usuario: ROL.USER });
    expect(JSON.stringify(list.json())).not.toContain('password');

    const cookie = (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'maria@test.local', password: 'Una-Clave-Larga' } })).cookies[0]!;
    const changed = await t.request('admin', { method: 'PATCH', url: `/api/users/${id}`, payload: { password: 'Otra-Clave-Larga', password2: 'Otra-Clave-Larga', password_admin: PASSWORD } });
    expect(changed.json().message).toBe(USER_MESSAGES.passwordUpdated);
    // Changing the password ends the user's sessions.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie: `sid=${cookie.value}` } })).statusCode).toBe(401);
    const relogin = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'maria@test.local', password: 'Otra-Clave-Larga' } });
    expect(relogin.statusCode).toBe(200);
  });

  it('refuses bad user bodies with the section 5 messages', async () => {
    const response = await t.request('admin', {
      method: 'POST',
      url: '/api/users',
      payload: { apellido: 'Al', nombre: 'Bo', username: 'no-es-mail', password: 'corta', password2: 'otra', rol: '' },
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().errors.map((error: { message: string }) => error.message);
    expect(messages).toEqual(expect.arrayContaining([USER_MESSAGES.name.min, USER_MESSAGES.username, USER_MESSAGES.passwordMin, USER_MESSAGES.rol]));
  });

  it('refuses mismatched passwords, a duplicate username and a common password', async () => {
    const mismatch = await t.request('admin', { method: 'POST', url: '/api/users', payload: { apellido: 'Ramos', nombre: 'Juan', username: 'juan@test.local', password: 'Una-Clave-Larga', password2: 'Otra-Clave-Larga', rol: 2 } });
    expect(mismatch.json().errors).toEqual([{ path: 'password2', message: USER_MESSAGES.mismatch }]);
    const duplicate = await t.request('admin', { method: 'POST', url: '/api/users', payload: { apellido: 'Ramos', nombre: 'Juan', username: USERNAMES.user.toUpperCase(), password: 'Una-Clave-Larga', password2: 'Una-Clave-Larga', rol: 2 } });
    expect(duplicate.statusCode).toBe(409);
    const common = await t.request('admin', { method: 'POST', url: '/api/users', payload: { apellido: 'Ramos', nombre: 'Juan', username: 'juan@test.local', password: 'password123', password2: 'password123', rol: 2 } });
    expect(common.json().errors[0].message).toBe(USER_MESSAGES.passwordCommon);
  });

  it('creates the inspector record of a new Inspector user', async () => {
    const created = await t.request('admin', { method: 'POST', url: '/api/users', payload: { apellido: 'Sosa', nombre: 'Carla', username: 'carla@test.local', password: 'Una-Clave-Larga', password2: 'Una-Clave-Larga', rol: ROL.INSPECTOR } });
    const idInspect = created.json().user.id_inspect;
    expect(idInspect).toBeGreaterThan(0);
    const inspectors = await t.request('user', { method: 'GET', url: '/api/inspector' });
    expect(inspectors.json()).toContainEqual({ id: idInspect, nombre: 'Carla', apellido: 'Sosa' });
    // The whole row: only the names reach the inspector record, whatever else the request carried.
    expect(await t.rows(`select * from inspectores where id = ${idInspect}`)).toEqual([{ id: idInspect, nombre: 'Carla', apellido: 'Sosa' }]);
  });

  it('a disabled user can no longer sign in and loses their sessions', async () => {
    const created = await t.request('admin', { method: 'POST', url: '/api/users', payload: { apellido: 'Vera', nombre: 'Pablo', username: 'pablo@test.local', password: 'Una-Clave-Larga', password2: 'Una-Clave-Larga', rol: ROL.USER } });
    const id = created.json().user.id;
    const login = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'pablo@test.local', password: 'Una-Clave-Larga' } });
    const cookie = `sid=${login.cookies[0]!.value}`;
    await t.request('admin', { method: 'PATCH', url: `/api/users/${id}`, payload: { activo: false } });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'pablo@test.local', password: 'Una-Clave-Larga' } });
    expect(again.statusCode).toBe(401);
  });

  it('is Admin only', async () => {
    expect((await t.request('user', { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    expect((await t.request('inspector', { method: 'POST', url: '/api/users', payload: {} })).statusCode).toBe(403);
  });
});
