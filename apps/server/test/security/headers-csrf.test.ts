import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../helpers';

/** CSRF (ASVS 3.5), security headers (ASVS 3.4), caching of API answers (ASVS 14.3), API docs exposure. */

const CROSS_SITE_FORM = {
  origin: 'https://evil.example',
  'sec-fetch-site': 'cross-site',
  'content-type': 'application/x-www-form-urlencoded',
};

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Siniestros</title><div id="root"></div>');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('CSRF: a cross-site form post changes nothing', () => {
  it('refuses every state-changing /api route with 403 before it runs', async () => {
    const cookie = await t.login('admin');
    const writes = t.app.routeTable.filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
    expect(writes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of writes) {
      const url = route.url.replace(/:[a-zA-Z_]+/g, '1');
      const response = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...CROSS_SITE_FORM, cookie },
        payload: 'nombre=Maliciosa&activo=false',
      });
      if (response.statusCode !== 403) failures.push(`${route.method} ${url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('leaves the data as it was: no new company, the victim still signed in', async () => {
    const before = (await t.request('admin', { method: 'GET', url: '/api/companias' })).json();
    const victim = await t.login('user');
    const admin = await t.login('admin');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/companias',
      headers: { ...CROSS_SITE_FORM, cookie: admin },
      payload: 'nombre=Maliciosa',
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ message: AUTH_MESSAGES.forbidden });
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/users/${t.ids.user}/sessions/revoke`,
      headers: { ...CROSS_SITE_FORM, cookie: admin },
      payload: '',
    });
    expect(revoke.statusCode).toBe(403);
    expect((await t.request('admin', { method: 'GET', url: '/api/companias' })).json()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie: victim } })).statusCode).toBe(200);
  });

  it('refuses on the Origin alone (browsers without Sec-Fetch-Site) and lets same-origin calls through', async () => {
    const admin = await t.login('admin');
    const originOnly = await t.app.inject({
      method: 'POST',
      url: '/api/companias',
      headers: { origin: 'https://evil.example', cookie: admin },
      payload: { nombre: 'Maliciosa' },
    });
    expect(originOnly.statusCode).toBe(403);
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/companias',
      headers: { 'sec-fetch-site': 'same-site', cookie: admin },
      payload: { nombre: 'Maliciosa' },
    });
    expect(sameSite.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/companias',
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin', cookie: admin },
      payload: { nombre: 'Propia del Sitio' },
    });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('also refuses a cross-site sign-in (login CSRF)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: CROSS_SITE_FORM,
      payload: 'username=a&password=b',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('security headers', () => {
  const directives = (csp: string) =>
    new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values.join(' ')]),
    );

  it('sends a real Content-Security-Policy and helmet headers on the web app and the API', async () => {
    for (const url of ['/', '/casos', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.get('form-action')).toBe("'self'");
      expect(csp.get('script-src')).not.toContain('unsafe');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
      // Plain HTTP without a trusted proxy: no HSTS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('marks every API answer Cache-Control: no-store, errors included, but not the web app', async () => {
    const answers = [
      await t.request('admin', { method: 'GET', url: '/api/users' }),
      await t.request(null, { method: 'GET', url: '/api/users' }),
      await t.request('user', { method: 'GET', url: '/api/users' }),
      await t.request('user', { method: 'GET', url: '/api/no-existe' }),
      await t.request('admin', { method: 'POST', url: '/api/users', payload: {} }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 401, 403, 404, 400]);
    for (const response of answers) expect(response.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).not.toBe('no-store');
  });
});

describe('Swagger UI', () => {
  it('is off in production unless SWAGGER_UI=true', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    const enabled = await createTestApp({ NODE_ENV: 'production', SWAGGER_UI: 'true' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await production.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await enabled.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await production.close();
      await enabled.close();
    }
  });
});
