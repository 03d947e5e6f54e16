import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION, AUDIT_REDACTED, AUTH_MESSAGES, ROL, SESSION_MESSAGES, TOTP_MESSAGES, USER_MESSAGES, type SesionesPage } from '@siniestros/domain';
import { createTestApp, PASSWORD, USERNAMES, type Role, type TestApp } from '../../../test/helpers';
import { totpCode } from './totp';

/** 'Mi cuenta' (docs/decisions/028): own password, own sessions, the last Admin, the second factor's re-authentication. */

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
let now = new Date('2026-11-23T09:00:00Z');
const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(() => t?.close());

/** A fresh app for a describe block: sign-ins are limited to 30 a minute per address, and these tests sign in a lot. */
function withFreshApp() {
  let outer: TestApp;
  beforeAll(async () => {
    outer = t;
    t = await createTestApp({}, { now: () => now });
  });
  afterAll(async () => {
    await t.close();
    t = outer;
  });
}

const cookieOf = (response: { cookies: { name: string; value: string }[] }) => `sid=${response.cookies.find((item) => item.name === 'sid')!.value}`;

async function signIn(username: string, password: string, userAgent?: string, totp?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { username, password, ...(totp ? { totp } : {}) },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
}

const as = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A user of its own for each test, so that sessions and passwords do not cross. */
async function newUser(name: string, rol: number = ROL.USER, password = 'Clave-Propia-2026') {
  const username = `${name}@test.local`;
  const created = await t.request('admin', {
    method: 'POST',
    url: '/api/users',
    payload: { apellido: 'Cuenta', nombre: 'Prueba', username, password, password2: password, rol },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().user.id as number, username, password };
}

const auditRows = (action: string) => t.app.services.audit.listByAction(action as never);

describe('POST /api/users/password: each user changes their own password', () => {
  it('with the current one: the other sessions end, this one stays, the new password signs in; audited without the value', async () => {
    const person = await newUser('cambia');
    const other = cookieOf(await signIn(person.username, person.password));
    const cookie = cookieOf(await signIn(person.username, person.password));

    const changed = await as(cookie, 'POST', '/api/users/password', {
      password_actual: person.password,
      password: 'Nueva-Clave-Propia-9',
      password2: 'Nueva-Clave-Propia-9',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: USER_MESSAGES.passwordUpdated });
    expect((await as(cookie, 'GET', '/api/users/auth')).statusCode).toBe(200);
    expect((await as(other, 'GET', '/api/users/auth')).statusCode).toBe(401);
    expect((await signIn(person.username, person.password)).statusCode).toBe(401);
    expect((await signIn(person.username, 'Nueva-Clave-Propia-9')).statusCode).toBe(200);

    const [row] = (await auditRows(AUDIT_ACTION.passwordChanged)).filter((entry) => entry.entity_id === person.id);
    expect(row).toMatchObject({
      actor: person.username,
      entity: 'usuario',
      ip: '127.0.0.1',
      method: 'POST',
      route: '/api/users/password',
      changes: { password: [AUDIT_REDACTED, AUDIT_REDACTED] },
    });
    expect(JSON.stringify(row)).not.toContain('Nueva-Clave');
  });

  it('refuses a wrong current password (400 on password_actual), records it, and changes nothing', async () => {
    const person = await newUser('equivoca');
    const cookie = cookieOf(await signIn(person.username, person.password));
    const wrong = await as(cookie, 'POST', '/api/users/password', { password_actual: 'No-Es-La-Clave', password: 'Otra-Clave-Buena-1', password2: 'Otra-Clave-Buena-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: USER_MESSAGES.passwordCurrentWrong, errors: [{ path: 'password_actual', message: USER_MESSAGES.passwordCurrentWrong }] });
    expect((await signIn(person.username, person.password)).statusCode).toBe(200);
    const failures = (await auditRows(AUDIT_ACTION.reauthFailed)).filter((entry) => entry.entity_id === person.id);
    expect(failures).toMatchObject([{ actor: person.username, detail: 'bad_password', method: 'POST', route: '/api/users/password', ip: '127.0.0.1' }]);
  });

  it.each([
    ['only spaces', () => ' '.repeat(12), USER_MESSAGES.passwordBlank],
    ['the username, in capitals', (username: string) => username.toUpperCase(), USER_MESSAGES.passwordIsUsername],
    ['a common password', () => 'Password123', USER_MESSAGES.passwordCommon],
    ['too short', () => 'Corta1', USER_MESSAGES.passwordMin],
  ])('refuses a new password that is %s', async (name, passwordFor, message) => {
    const person = await newUser(`regla${name.length}`);
    const cookie = cookieOf(await signIn(person.username, person.password));
    const password = passwordFor(person.username);
    const refused = await as(cookie, 'POST', '/api/users/password', { password_actual: person.password, password, password2: password });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ path: 'password', message });
    expect((await signIn(person.username, person.password)).statusCode).toBe(200);
  });

  it('refuses the current password as the new one, and two that differ', async () => {
    const person = await newUser('misma');
    const cookie = cookieOf(await signIn(person.username, person.password));
    const same = await as(cookie, 'POST', '/api/users/password', { password_actual: person.password, password: person.password, password2: person.password });
    expect(same.json()).toMatchObject({ message: USER_MESSAGES.passwordSameAsCurrent });
    const mismatch = await as(cookie, 'POST', '/api/users/password', { password_actual: person.password, password: 'Una-Clave-Nueva-1', password2: 'Otra-Clave-Nueva-1' });
    expect(mismatch.json().errors).toEqual([{ path: 'password2', message: USER_MESSAGES.mismatch }]);
  });

  it('every role may use it (Inspector included)', async () => {
    const person = await newUser('inspectora', ROL.INSPECTOR);
    const cookie = cookieOf(await signIn(person.username, person.password));
    const changed = await as(cookie, 'POST', '/api/users/password', { password_actual: person.password, password: 'Inspectora-Nueva-7', password2: 'Inspectora-Nueva-7' });
    expect(changed.statusCode).toBe(200);
  });
});

describe('the same password rule wherever a password is set', () => {
  it("an Admin cannot set a user's password to their username, nor create one so", async () => {
    const person = await newUser('igualado');
    const patched = await t.request('admin', { method: 'PATCH', url: `/api/users/${person.id}`, payload: { password: 'IGUALADO@test.local', password2: 'IGUALADO@test.local' } });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().errors).toEqual([{ path: 'password', message: USER_MESSAGES.passwordIsUsername }]);
    const created = await t.request('admin', {
      method: 'POST',
      url: '/api/users',
      payload: { apellido: 'Nombre', nombre: 'Igual', username: 'mismonombre@test.local', password: 'MismoNombre@Test.Local', password2: 'MismoNombre@Test.Local', rol: ROL.USER },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toContainEqual({ path: 'password', message: USER_MESSAGES.passwordIsUsername });
    const blank = await t.request('admin', { method: 'PATCH', url: `/api/users/${person.id}`, payload: { password: '          ', password2: '          ' } });
    expect(blank.json().errors).toContainEqual({ path: 'password', message: USER_MESSAGES.passwordBlank });
  });

  it("an Admin changes their own password in 'Mi cuenta', not through PATCH /users/:id (no current password there)", async () => {
    const own = await t.request('admin', { method: 'PATCH', url: `/api/users/${t.ids.admin}`, payload: { password: 'Admin-Otra-Clave-1', password2: 'Admin-Otra-Clave-1' } });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(USER_MESSAGES.ownPasswordInAccount);
    expect((await signIn(USERNAMES.admin, PASSWORD)).statusCode).toBe(200);
  });
});

describe("GET/DELETE /api/users/sessions: each user's own sessions", () => {
  it('lists the live ones with device, address and last use, marks the current one, and ends another', async () => {
    const person = await newUser('sesiones');
    const stranger = await newUser('ajeno');
    const phone = cookieOf(await signIn(person.username, person.password, SAFARI_IPHONE));
    advance(50);
    const laptop = cookieOf(await signIn(person.username, person.password, FIREFOX_LINUX));
    const strangers = cookieOf(await signIn(stranger.username, stranger.password, FIREFOX_LINUX));

    const listed = await as(laptop, 'GET', '/api/users/sessions');
    expect(listed.statusCode).toBe(200);
    const page: SesionesPage = listed.json();
    expect(page.total).toBe(2);
    expect(page.data.map((row) => [row.dispositivo, row.ip, row.actual])).toEqual([
      ['Firefox en Linux', '127.0.0.1', true],
      ['Safari en iPhone', '127.0.0.1', false],
    ]);
    expect(page.data[0]!.ultimo_uso).toBe(now.toISOString());
    expect(page.data[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(page)).not.toMatch(/[0-9a-f]{64}/); // never the token's hash

    // Another user's session is not theirs to end: 404, as if it did not exist.
    const strangersId = ((await as(strangers, 'GET', '/api/users/sessions')).json() as SesionesPage).data[0]!.id;
    const foreign = await as(laptop, 'DELETE', `/api/users/sessions/${strangersId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: SESSION_MESSAGES.notFound });
    expect((await as(strangers, 'GET', '/api/users/auth')).statusCode).toBe(200);

    const phoneId = page.data[1]!.id;
    const ended = await as(laptop, 'DELETE', `/api/users/sessions/${phoneId}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: SESSION_MESSAGES.revoked });
    expect(ended.cookies).toEqual([]); // the laptop's own cookie stays
    expect((await as(phone, 'GET', '/api/users/auth')).statusCode).toBe(401);
    expect((await as(laptop, 'GET', '/api/users/sessions')).json().total).toBe(1);
    expect((await as(laptop, 'DELETE', `/api/users/sessions/${phoneId}`)).statusCode).toBe(404);

    const [row] = (await auditRows(AUDIT_ACTION.sessionRevoked)).filter((entry) => entry.entity_id === person.id);
    expect(row).toMatchObject({ actor: person.username, detail: 'other', method: 'DELETE', route: '/api/users/sessions/:id', ip: '127.0.0.1' });
  });

  it('ending the current session signs out (cookie cleared); a malformed id is a 400', async () => {
    const person = await newUser('propia');
    const cookie = cookieOf(await signIn(person.username, person.password));
    const [current] = ((await as(cookie, 'GET', '/api/users/sessions')).json() as SesionesPage).data;
    expect((await as(cookie, 'DELETE', '/api/users/sessions/123')).statusCode).toBe(400);
    const ended = await as(cookie, 'DELETE', `/api/users/sessions/${current!.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.cookies.find((item) => item.name === 'sid')?.value).toBe('');
    expect((await as(cookie, 'GET', '/api/users/auth')).statusCode).toBe(401);
  });

  it('a refresh keeps the session: same id, address and device', async () => {
    const person = await newUser('refresca');
    const cookie = cookieOf(await signIn(person.username, person.password, SAFARI_IPHONE));
    const before = ((await as(cookie, 'GET', '/api/users/sessions')).json() as SesionesPage).data[0]!;
    const renewed = cookieOf(await as(cookie, 'POST', '/api/users/refresh'));
    const after = ((await as(renewed, 'GET', '/api/users/sessions')).json() as SesionesPage).data[0]!;
    expect(after).toMatchObject({ id: before.id, dispositivo: 'Safari en iPhone', ip: '127.0.0.1', actual: true });
  });
});

describe('the last active Admin', () => {
  it('cannot be disabled or given another role (409); with a second Admin the first may be', async () => {
    const disabled = await t.request('admin', { method: 'PATCH', url: `/api/users/${t.ids.admin}`, payload: { activo: false } });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toEqual({ message: USER_MESSAGES.lastAdmin });
    const demoted = await t.request('admin', { method: 'PATCH', url: `/api/users/${t.ids.admin}`, payload: { rol: ROL.USER } });
    expect(demoted.statusCode).toBe(409);
    expect((await t.request('admin', { method: 'GET', url: '/api/users/auth' })).json().rol).toBe(ROL.ADMIN);

    const second = await newUser('segundo.admin', ROL.ADMIN);
    const demoteSecond = await t.request('admin', { method: 'PATCH', url: `/api/users/${second.id}`, payload: { rol: ROL.USER } });
    expect(demoteSecond.statusCode).toBe(200);
    // The second is a User now: the first is again the last Admin.
    expect((await t.request('admin', { method: 'PATCH', url: `/api/users/${t.ids.admin}`, payload: { activo: false } })).statusCode).toBe(409);
    // Editing the last Admin's other fields is fine.
    expect((await t.request('admin', { method: 'PATCH', url: `/api/users/${t.ids.admin}`, payload: { nombre: 'Admin', activo: true, rol: ROL.ADMIN } })).statusCode).toBe(200);
  });
});

describe('second factor: re-authentication to enrol or remove it (ASVS 7.5.1)', () => {
  withFreshApp();
  async function enrol(cookie: string, password: string) {
    const started = await as(cookie, 'POST', '/api/users/totp', { password });
    expect(started.statusCode, started.body).toBe(200);
    const secret: string = started.json().secret;
    advance(30);
    expect((await as(cookie, 'POST', '/api/users/totp/confirm', { totp: totpCode(secret, now) })).statusCode).toBe(200);
    return secret;
  }

  it.each(['admin', 'user', 'inspector'] as Role[])('works for every role: %s enrols and then signs in with a code', async (role) => {
    const person = await newUser(`factor.${role}`, { admin: ROL.ADMIN, user: ROL.USER, inspector: ROL.INSPECTOR, inspector2: ROL.INSPECTOR }[role]);
    const cookie = cookieOf(await signIn(person.username, person.password));
    const secret = await enrol(cookie, person.password);
    advance(30);
    expect((await signIn(person.username, person.password)).json().message).toBe(AUTH_MESSAGES.totpRequired);
    expect((await signIn(person.username, person.password, undefined, totpCode(secret, now))).statusCode).toBe(200);
  });

  it('enrolling asks for the current password', async () => {
    const person = await newUser('enrola');
    const cookie = cookieOf(await signIn(person.username, person.password));
    expect((await as(cookie, 'POST', '/api/users/totp', {})).json().errors).toEqual([{ path: 'password', message: USER_MESSAGES.passwordCurrentRequired }]);
    const wrong = await as(cookie, 'POST', '/api/users/totp', { password: 'No-Es-La-Clave' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'password', message: USER_MESSAGES.passwordCurrentWrong }]);
    expect((await as(cookie, 'POST', '/api/users/totp/confirm', { totp: '123456' })).json().message).toBe(TOTP_MESSAGES.notStarted);
  });

  it('a User removes it with the current password or a code; neither → 400', async () => {
    const person = await newUser('quita');
    const cookie = cookieOf(await signIn(person.username, person.password));
    await enrol(cookie, person.password);
    expect((await as(cookie, 'POST', '/api/users/totp/disable', {})).json().message).toBe(TOTP_MESSAGES.reauthRequired);
    expect((await as(cookie, 'POST', '/api/users/totp/disable', { password: 'No-Es-La-Clave' })).json().message).toBe(USER_MESSAGES.passwordCurrentWrong);
    const off = await as(cookie, 'POST', '/api/users/totp/disable', { password: person.password });
    expect(off.statusCode).toBe(200);
    expect((await signIn(person.username, person.password)).statusCode).toBe(200);
    const [row] = (await auditRows(AUDIT_ACTION.totpDisabled)).filter((entry) => entry.entity_id === person.id);
    expect(row).toMatchObject({ actor: person.username, detail: 'password', route: '/api/users/totp/disable', method: 'POST' });
  });

  it('an Admin removes their own factor only with a code, never through DELETE /users/:id/totp', async () => {
    const person = await newUser('admin.factor', ROL.ADMIN);
    const cookie = cookieOf(await signIn(person.username, person.password));
    const secret = await enrol(cookie, person.password);
    const byPassword = await as(cookie, 'POST', '/api/users/totp/disable', { password: person.password });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json().errors).toEqual([{ path: 'totp', message: TOTP_MESSAGES.adminCodeRequired }]);
    const byReset = await as(cookie, 'DELETE', `/api/users/${person.id}/totp`, { password_admin: person.password });
    expect(byReset.statusCode).toBe(409);
    expect(byReset.json().message).toBe(TOTP_MESSAGES.ownInAccount);
    advance(30);
    expect((await as(cookie, 'POST', '/api/users/totp/disable', { totp: totpCode(secret, now) })).statusCode).toBe(200);
  });
});

describe('REQUIRE_TOTP=all: every role must have a second factor', () => {
  let strict: TestApp;
  let clock = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    strict = await createTestApp({ REQUIRE_TOTP: 'all' }, { now: () => clock });
  });
  afterAll(() => strict?.close());

  it.each(['user', 'inspector'] as Role[])('a %s without one signs in, can only enrol, then works normally and cannot remove it', async (role) => {
    const login = await strict.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: USERNAMES[role], password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.json().totp_setup_required).toBe(true);
    const cookie = cookieOf(login);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => strict.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const home = role === 'user' ? '/api/companias' : '/api/doc';

    const blocked = await call('GET', home);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: AUTH_MESSAGES.totpSetupRequired });
    // Not even the password or the sessions: only the enrolment.
    expect((await call('POST', '/api/users/password', { password_actual: PASSWORD, password: 'Otra-Clave-Larga-3', password2: 'Otra-Clave-Larga-3' })).statusCode).toBe(403);
    expect((await call('GET', '/api/users/sessions')).statusCode).toBe(403);
    expect((await call('GET', '/api/users/auth')).json()).toMatchObject({ totp: false, totp_required: true });

    const secret = (await call('POST', '/api/users/totp', { password: PASSWORD })).json().secret;
    expect((await call('POST', '/api/users/totp/confirm', { totp: totpCode(secret, clock) })).statusCode).toBe(200);
    expect((await call('GET', home)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 30_000);
    const off = await call('POST', '/api/users/totp/disable', { totp: totpCode(secret, clock) });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(TOTP_MESSAGES.mandatory);
  });
});

// Last: it moves the clock past every session's idle limit (the Admin's of the other tests too).
describe('idle sessions', () => {
  withFreshApp();
  it('are no longer listed once past SESSION_IDLE_MINUTES (30 by default)', async () => {
    const person = await newUser('inactiva');
    const idle = cookieOf(await signIn(person.username, person.password, SAFARI_IPHONE));
    expect((await as(idle, 'GET', '/api/users/sessions')).json().total).toBe(1);
    advance(31 * 60);
    const fresh = cookieOf(await signIn(person.username, person.password, FIREFOX_LINUX));
    const listed: SesionesPage = (await as(fresh, 'GET', '/api/users/sessions')).json();
    expect(listed.data.map((row) => row.dispositivo)).toEqual(['Firefox en Linux']);
    expect((await as(idle, 'GET', '/api/users/auth')).statusCode).toBe(401);
  });
});
