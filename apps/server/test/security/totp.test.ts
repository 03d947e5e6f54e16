import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP as Totp } from 'otpauth';
import { AUTH_MESSAGES, TOTP_MESSAGES, USER_MESSAGES } from '@siniestros/domain';
import { totpStepOf } from '../../src/features/users/totp';
import { createTestApp, PASSWORD, USERNAMES, type Role, type TestApp } from '../helpers';

/** Optional second factor, TOTP of RFC 6238 (ASVS 6.5, 6.6). Codes are computed by otpauth for the injected clock. */

const codeFor = (secret: string, at: Date) =>
  new Totp({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at.getTime() });

describe('TOTP codes', () => {
  it('match the RFC 6238 test vector (SHA-1, T = 59 s) and its neighbouring steps only', () => {
    // RFC 6238 appendix B: secret "12345678901234567890", 8 digits 94287082 → 6 digits 287082.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpStepOf(secret, '287082', new Date(59_000))).toBe(1);
    expect(totpStepOf(secret, '287082', new Date(59_000 + 30_000))).toBe(1);
    expect(totpStepOf(secret, '287082', new Date(59_000 + 90_000))).toBeNull();
    expect(totpStepOf(secret, '000000', new Date(59_000))).toBeNull();
  });
});

describe('enrolment and sign-in with a second factor', () => {
  let t: TestApp;
  let now = new Date('2026-11-22T10:00:00Z');
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => now });
  });
  afterAll(() => t?.close());

  const signIn = (role: Role, totp?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: USERNAMES[role], password: PASSWORD, ...(totp ? { totp } : {}) },
    });
  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
    `sid=${response.cookies.find((item) => item.name === 'sid')!.value}`;

  let secret = '';

  it('a user enrols: a secret and an otpauth:// URI, confirmed with a code; other sessions end', async () => {
    const other = await t.login('user');
    const cookie = await t.login('user');
    const started = await as(cookie, 'POST', '/api/users/totp', { password: PASSWORD });
    expect(started.statusCode).toBe(200);
    secret = started.json().secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(started.json().otpauth_url);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(uri.pathname)).toContain(USERNAMES.user);

    const wrong = await as(cookie, 'POST', '/api/users/totp/confirm', { totp: '000000' === codeFor(secret, now) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.totpInvalid);

    const confirmed = await as(cookie, 'POST', '/api/users/totp/confirm', { totp: codeFor(secret, now) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: TOTP_MESSAGES.enabled });
    expect((await as(cookie, 'GET', '/api/users/auth')).json().totp).toBe(true);
    expect((await as(other, 'GET', '/api/users/auth')).statusCode).toBe(401);
  });

  it('then signing in needs the code: a clear 401 when it is missing or wrong', async () => {
    advance(30);
    const missing = await signIn('user');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      message: AUTH_MESSAGES.totpRequired,
      errors: [{ path: 'totp', message: AUTH_MESSAGES.totpRequired }],
    });
    expect(missing.cookies).toEqual([]);

    const wrong = await signIn('user', '123456' === codeFor(secret, now) ? '654321' : '123456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.totpInvalid);

    // A wrong password is still the plain message: the code is only asked after the password.
    const badPassword = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: USERNAMES.user, password: 'Mala-Clave-1', totp: codeFor(secret, now) },
    });
    expect(badPassword.json()).toEqual({ message: AUTH_MESSAGES.badCredentials });

    const ok = await signIn('user', codeFor(secret, now));
    expect(ok.statusCode).toBe(200);
    expect((await as(cookieOf(ok), 'GET', '/api/users/auth')).statusCode).toBe(200);
  });

  it('accepts a code only once (ASVS 6.5.1)', async () => {
    advance(30);
    const code = codeFor(secret, now);
    expect((await signIn('user', code)).statusCode).toBe(200);
    const replay = await signIn('user', code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(AUTH_MESSAGES.totpInvalid);
  });

  it('the user turns it off with a current code; an Admin can remove it (lost phone)', async () => {
    advance(30);
    const login = await signIn('user', codeFor(secret, now));
    const cookie = cookieOf(login);
    advance(30);
    const off = await as(cookie, 'POST', '/api/users/totp/disable', { totp: codeFor(secret, now) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: TOTP_MESSAGES.disabled });
    expect((await signIn('user')).statusCode).toBe(200);

    // Enrol again, then the Admin removes it: the user's sessions end and the code is no longer asked.
    const again = await as(cookie, 'POST', '/api/users/totp', { password: PASSWORD });
    const newSecret = again.json().secret;
    advance(30);
    expect((await as(cookie, 'POST', '/api/users/totp/confirm', { totp: codeFor(newSecret, now) })).statusCode).toBe(200);
    expect((await signIn('user')).statusCode).toBe(401);
    const reset = await t.request('admin', { method: 'DELETE', url: `/api/users/${t.ids.user}/totp`, payload: { password_admin: PASSWORD } });
    expect(reset.statusCode).toBe(200);
    expect((await as(cookie, 'GET', '/api/users/auth')).statusCode).toBe(401);
    expect((await signIn('user')).statusCode).toBe(200);
  });
});

describe('ADMIN_REQUIRE_TOTP', () => {
  let t: TestApp;
  let now = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_REQUIRE_TOTP: 'true' }, { now: () => now });
  });
  afterAll(() => t?.close());

  it('an Admin without a second factor reaches only the enrolment until they add one', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: USERNAMES.admin, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().totp_setup_required).toBe(true);
    const cookie = `sid=${login.cookies.find((item) => item.name === 'sid')!.value}`;
    const blocked = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: AUTH_MESSAGES.totpSetupRequired });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(200);

    const secret = (await t.app.inject({ method: 'POST', url: '/api/users/totp', headers: { cookie }, payload: { password: PASSWORD } })).json().secret;
    const code = codeFor(secret, now);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/totp/confirm', headers: { cookie }, payload: { totp: code } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(200);

    // From now on the Admin signs in with the code, and cannot turn it off.
    now = new Date(now.getTime() + 30_000);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: USERNAMES.admin, password: PASSWORD } }))
        .statusCode,
    ).toBe(401);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/users/totp/disable',
      headers: { cookie },
      payload: { totp: codeFor(secret, now) },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(TOTP_MESSAGES.mandatory);
  });

  it('other roles are not required to use it', async () => {
    expect((await t.request('user', { method: 'GET', url: '/api/users/auth' })).statusCode).toBe(200);
    expect((await t.request('user', { method: 'GET', url: '/api/companias' })).statusCode).toBe(200);
  });
});

describe('taking over an account needs more than one session (issue 40)', () => {
  let t: TestApp;
  let now = new Date('2026-11-22T10:00:00Z');
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '3' }, { now: () => now });
  });
  afterAll(() => t?.close());

  const as = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method, url, headers: { cookie }, remoteAddress, ...(payload ? { payload } : {}) });
  const wrongCode = (secret: string) => ('000000' === codeFor(secret, now) ? '111111' : '000000');
  async function enrol(cookie: string) {
    const secret = (await as(cookie, 'POST', '/api/users/totp', { password: PASSWORD })).json().secret as string;
    advance(30);
    expect((await as(cookie, 'POST', '/api/users/totp/confirm', { totp: codeFor(secret, now) })).statusCode).toBe(200);
    return secret;
  }

  it('wrong codes to turn the factor off count per account, whatever address they come from', async () => {
    const cookie = await t.login('inspector');
    const secret = await enrol(cookie);
    // Each from a new address, so the per-address request limit never sees more than one.
    for (let i = 0; i < 3; i++) {
      const wrong = await as(cookie, 'POST', '/api/users/totp/disable', { totp: wrongCode(secret) }, `10.5.0.${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([{ path: 'totp', message: AUTH_MESSAGES.totpInvalid }]);
    }
    const held = await as(cookie, 'POST', '/api/users/totp/disable', { totp: wrongCode(secret) }, '10.5.0.9');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    // The factor is still on, and the window passes by itself.
    expect((await as(cookie, 'GET', '/api/users/auth')).json().totp).toBe(true);
    advance(15 * 60 + 1);
    expect((await as(cookie, 'POST', '/api/users/totp/disable', { totp: codeFor(secret, now) }, '10.5.1.1')).statusCode).toBe(200);
  });

  it("an Admin sets another user's password only with their own password; other edits need nothing more", async () => {
    const admin = await t.login('admin');
    const url = `/api/users/${t.ids.inspector2}`;
    const body = { password: 'Nueva-Clave-Larga-1', password2: 'Nueva-Clave-Larga-1' };
    const none = await as(admin, 'PATCH', url, body);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ path: 'password_admin', message: USER_MESSAGES.adminReauthRequired }]);
    // Wrong answers count per account: after 3 the right one waits too.
    for (let i = 0; i < 3; i++) expect((await as(admin, 'PATCH', url, { ...body, password_admin: 'Mala-Clave-1' }, `10.6.0.${i}`)).statusCode).toBe(400);
    expect((await as(admin, 'PATCH', url, { ...body, password_admin: PASSWORD }, '10.6.0.9')).statusCode).toBe(429);
    advance(15 * 60 + 1);
    expect((await as(admin, 'PATCH', url, { ...body, password_admin: PASSWORD })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: USERNAMES.inspector2, password: body.password } })).statusCode).toBe(200);
    expect((await as(admin, 'PATCH', url, { nombre: 'Otro' })).statusCode).toBe(200);
  });

  it("an Admin removes another user's factor only with their own password or code", async () => {
    const userCookie = await t.login('user');
    await enrol(userCookie);
    const admin = await t.login('admin');
    const url = `/api/users/${t.ids.user}/totp`;
    const none = await as(admin, 'DELETE', url, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ path: 'password_admin', message: USER_MESSAGES.adminReauthRequired }]);
    const wrong = await as(admin, 'DELETE', url, { password_admin: 'Mala-Clave-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'password_admin', message: USER_MESSAGES.passwordCurrentWrong }]);
    expect((await as(userCookie, 'GET', '/api/users/auth')).json().totp).toBe(true);

    // An Admin with a factor may give a code instead.
    const adminSecret = await enrol(admin);
    advance(30);
    const badCode = await as(admin, 'DELETE', url, { totp_admin: wrongCode(adminSecret) });
    expect(badCode.json().errors).toEqual([{ path: 'totp_admin', message: AUTH_MESSAGES.totpInvalid }]);
    const removed = await as(admin, 'DELETE', url, { totp_admin: codeFor(adminSecret, now) });
    expect(removed.statusCode).toBe(200);
    expect((await as(userCookie, 'GET', '/api/users/auth')).statusCode).toBe(401);
  });
});
