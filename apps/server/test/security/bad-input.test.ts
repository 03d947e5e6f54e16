import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_DATE, MSG_ID_DIGITS, MSG_ONLY_DIGITS, MSG_PAGE, MSG_PAGE_SIZE, todayIso } from '@siniestros/domain';
import { MSG_MULTIPART_MALFORMED, msgRateLimited } from '../../src/shared/errors';
import { createTestApp, type TestApp } from '../helpers';
import { insertCaso } from '../fixtures';

/**
 * No 5xx and no English for bad input (ASVS 16.5): multipart bodies the parser cannot read,
 * zod's defaults and the rate limit answer 4xx in Spanish. The fuzzer (fuzz.test.ts) checks every
 * route for English; these are the cases it found, each named.
 */
let t: TestApp;
let idCaso: number;
let idInspeccion: number;

beforeAll(async () => {
  t = await createTestApp();
  idCaso = (await insertCaso(t.database.db, { idEstado: 2 })).id;
  const idInspector = (await t.request('inspector', { method: 'GET', url: '/api/users/auth' })).json().id_inspect as number;
  const scheduled = await t.request('user', {
    method: 'POST',
    url: `/api/inspeccion/${idCaso}`,
    payload: { id_inspector: idInspector, fecha_inspeccion: todayIso(), direccion: 'Calle 1', detalle: 'Frente' },
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  idInspeccion = scheduled.json().id;
});
afterAll(() => t?.close());

const TRUNCATED =
  '--abc\r\nContent-Disposition: form-data; name="tipo"\r\n\r\nDenuncia\r\n' +
  '--abc\r\nContent-Disposition: form-data; name="uploadFiles"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cortado';

describe('multipart bodies the parser cannot read', () => {
  const bodies: [contentType: string, body: string][] = [
    ['multipart/form-data', 'hola'],
    ['multipart/form-data; boundary=', '--\r\n'],
    ['multipart/form-data; boundary=abc', 'basura sin partes'],
    ['multipart/form-data; boundary="a b"', '--a b--'],
    ['multipart/form-data; boundary=abc', TRUNCATED],
  ];
  const routes = () => [
    { method: 'POST' as const, url: `/api/documentacion/t/${idCaso}` },
    { method: 'PATCH' as const, url: `/api/inspeccion/d/${idInspeccion}` },
  ];

  it('answer 400 with a Spanish message and leave no file behind', async () => {
    for (const route of routes()) {
      for (const [contentType, payload] of bodies) {
        const response = await t.request('user', { ...route, headers: { 'content-type': contentType }, payload });
        expect(response.statusCode, `${route.url} ${contentType}: ${response.body}`).toBe(400);
        // A body with no part at all may read as an empty form instead (a 400 of the form's own).
        if (contentType === 'multipart/form-data' || payload === TRUNCATED) expect(response.json().message).toBe(MSG_MULTIPART_MALFORMED);
      }
    }
    const left = await fs.readdir(path.join(t.dataDir, 'files', 'casos', String(idCaso))).catch(() => []);
    expect(left).toEqual([]);
    expect((await t.request('user', { method: 'GET', url: `/api/documentacion/listado/${idCaso}` })).json()).toEqual([]);
  });
});

describe('validation messages', () => {
  it('are Spanish for a wrong type and an unknown property', async () => {
    const response = await t.request('user', { method: 'POST', url: '/api/casos/alta', payload: { caso: null, extra: 1 } });
    expect(response.statusCode).toBe(400);
    const { message, errors } = response.json() as { message: string; errors: { path: string; message: string }[] };
    expect(message).toBe('Entrada inválida: se esperaba objeto, recibido nulo');
    expect(errors).toContainEqual({ path: 'body', message: 'Campo no admitido: extra' });
  });

  it('name the page bounds and a too-long id filter in a sentence of their own', async () => {
    const refused = async (method: 'GET' | 'POST', url: string, payload?: Record<string, string>) => {
      const response = await t.request('user', { method, url, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      return response.json().message as string;
    };
    for (const page of ['0', '1000001', '1.5', 'dos']) expect(await refused('GET', `/api/casos?page=${page}`)).toBe(MSG_PAGE);
    for (const size of ['0', '101', '1e3']) expect(await refused('GET', `/api/casos/valores/?pageSize=${size}`)).toBe(MSG_PAGE_SIZE);
    expect(await refused('GET', '/api/mediacion/?page=-1')).toBe(MSG_PAGE);
    expect(await refused('POST', '/api/casos/filtrovalores', { compania: '99999999999999' })).toBe(MSG_ID_DIGITS);
    expect(await refused('POST', '/api/casos/filtrovalores', { compania: '12a' })).toBe(MSG_ONLY_DIGITS);
    // The bounds themselves are pages.
    expect((await t.request('user', { method: 'GET', url: '/api/casos?page=1000000&pageSize=100' })).json().cases).toEqual([]);
    expect((await t.request('user', { method: 'POST', url: '/api/casos/filtrovalores', payload: { compania: '999999999' } })).statusCode).toBe(200);
  });

  it('refuse a date of year 0000, which PostgreSQL has not, in filters and in the case save', async () => {
    for (const fecha of ['0000-01-01', '0000-02-29']) {
      const filtered = await t.request('user', { method: 'POST', url: '/api/casos/filtro', payload: { fechaDesde: fecha } });
      expect(filtered.statusCode, filtered.body).toBe(400);
      expect(filtered.json().message).toBe(MSG_DATE);
      const saved = await t.request('user', { method: 'PATCH', url: `/api/casos/t/${idCaso}`, payload: { fecha_siniestro: fecha } });
      expect(saved.statusCode, saved.body).toBe(400);
      expect(saved.json().errors).toContainEqual({ path: 'fecha_siniestro', message: MSG_DATE });
    }
    // The first year there is still is a date.
    expect((await t.request('user', { method: 'POST', url: '/api/casos/filtro', payload: { fechaDesde: '0001-01-01' } })).statusCode).toBe(200);
  });

  it('are Spanish for a body that is not JSON', async () => {
    const response = await t.request('user', {
      method: 'POST',
      url: '/api/casos/alta',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Los datos enviados no son validos');
  });
});

describe('the rate limit', () => {
  it('answers 429 in Spanish with Retry-After', async () => {
    // Sign-in takes 30 requests a minute from one address.
    const attempts = [];
    for (let attempt = 0; attempt < 31; attempt++)
      attempts.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { username: 'nadie@test.local', password: 'Mala-Clave-1' },
          remoteAddress: '10.9.0.1',
        }),
      );
    expect(attempts.slice(0, 30).map((response) => response.statusCode)).toEqual(Array(30).fill(401));
    const limited = attempts[30]!;
    expect(limited.statusCode).toBe(429);
    // The window opened with the first attempt: what is left of its minute, however slow the 31 sign-ins ran.
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({ message: msgRateLimited(retryAfter) });
  });
});
