import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@siniestros/domain';
import { createTestApp, PASSWORD, USERNAMES, type TestApp } from '../helpers';

/** Session cookie, fixation and lifetimes (ASVS 7.2, 7.3; decision 000: 4 h absolute). */

const signIn = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: USERNAMES.user, password: PASSWORD }, headers });

describe('the session cookie over HTTPS', () => {
  let proxied: TestApp;
  let direct: TestApp;
  let forced: TestApp;
  beforeAll(async () => {
    [proxied, direct, forced] = await Promise.all([
      createTestApp({ TRUST_PROXY: '1' }),
      createTestApp({}),
      createTestApp({ COOKIE_SECURE: 'true' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([proxied?.close(), direct?.close(), forced?.close()]);
  });

  it('behind a trusted proxy that says https: __Host- prefix, Secure, HttpOnly, SameSite=Strict, Path=/, no Domain', async () => {
    const response = await signIn(proxied, { 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.map((item) => item.name)).toEqual(['__Host-sid']);
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie!.domain).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const auth = await proxied.app.inject({
      method: 'GET',
      url: '/api/users/auth',
      headers: { 'x-forwarded-proto': 'https', cookie: `__Host-sid=${cookie!.value}` },
    });
    expect(auth.statusCode).toBe(200);
    // Over HTTPS an unprefixed cookie (which a sibling subdomain could have set) is not read.
    const tossed = await proxied.app.inject({
      method: 'GET',
      url: '/api/users/auth',
      headers: { 'x-forwarded-proto': 'https', cookie: `sid=${cookie!.value}` },
    });
    expect(tossed.statusCode).toBe(401);
  });

  it('ignores X-Forwarded-Proto when TRUST_PROXY is off (a client cannot claim https)', async () => {
    const response = await signIn(direct, { 'x-forwarded-proto': 'https' });
    expect(response.cookies.map((item) => item.name)).toEqual(['sid']);
    expect(response.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(response.cookies[0]!.secure).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('COOKIE_SECURE=true always marks it Secure and __Host-', async () => {
    const response = await signIn(forced);
    expect(response.cookies.map((item) => item.name)).toEqual(['__Host-sid']);
    expect(response.cookies[0]).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
  });
});

describe('session fixation (ASVS 7.2.4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('issues a new token at every sign-in and retires a token the browser already carried', async () => {
    // An attacker's own valid session, planted in the victim's browser before the victim signs in.
    const planted = await t.login('inspector');
    const response = await signIn(t, { cookie: planted });
    expect(response.statusCode).toBe(200);
    const issued = `sid=${response.cookies.find((item) => item.name === 'sid')!.value}`;
    expect(issued).not.toBe(planted);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie: planted } })).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie: issued } });
    expect(me.json().usr).toBe(USERNAMES.user);
    // An invented token is never adopted either.
    const invented = await signIn(t, { cookie: 'sid=elegido-por-el-atacante' });
    expect(invented.cookies.find((item) => item.name === 'sid')!.value).not.toBe('elegido-por-el-atacante');
  });
});

describe('session lifetimes with the injected clock', () => {
  let t: TestApp;
  let now = new Date('2026-11-22T08:00:00Z');
  const at = (time: string) => {
    now = new Date(`2026-11-22T${time}Z`);
  };
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: '30' }, { now: () => now });
  });
  afterAll(() => t?.close());

  const status = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode;

  it('ends a session left idle longer than SESSION_IDLE_MINUTES', async () => {
    at('08:00:00');
    const cookie = await t.login('user');
    at('08:29:00');
    expect(await status(cookie)).toBe(200);
    at('08:58:00');
    expect(await status(cookie)).toBe(200);
    at('09:28:30');
    const expired = await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: AUTH_MESSAGES.unauthenticated });
    at('09:28:31');
    expect(await status(cookie)).toBe(401);
  });

  it('ends an active session 4 hours after sign-in; refreshing never extends it', async () => {
    at('10:00:00');
    let cookie = await t.login('user');
    for (const time of ['10:25:00', '10:50:00', '11:15:00', '11:40:00', '12:05:00', '12:30:00', '12:55:00', '13:20:00', '13:45:00']) {
      at(time);
      expect(await status(cookie)).toBe(200);
    }
    at('13:59:00');
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/users/refresh', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
    const renewed = refreshed.cookies.find((item) => item.name === 'sid')!;
    expect(new Date(renewed.expires!).toISOString()).toBe('2026-11-22T14:00:00.000Z');
    cookie = `sid=${renewed.value}`;
    at('14:00:01');
    expect(await status(cookie)).toBe(401);
  });
});
