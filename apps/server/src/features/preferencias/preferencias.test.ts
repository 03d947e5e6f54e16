import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PREFERENCIAS_DEFAULT, PREFERENCIAS_TEXTS } from '@siniestros/domain';
import { createTestApp, useTestApp } from '../../../test/helpers';

/** Each user's colour scheme and row density (issue 44 item 6, docs/decisions/101), through HTTP. */
const t = useTestApp();

const get = (role: Parameters<typeof t.request>[0]) => t.request(role, { method: 'GET', url: '/api/preferencias' });
const patch = (role: Parameters<typeof t.request>[0], payload: unknown) => t.request(role, { method: 'PATCH', url: '/api/preferencias', payload: payload as object });

describe('preferencias', () => {
  it('answers the defaults to a user who never chose, and writes nothing for it', async () => {
    const response = await get('inspector2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(PREFERENCIAS_DEFAULT);
    expect(await t.rows(`select 1 from preferencias_usuario where id_usuario = ${t.ids.inspector2}`)).toEqual([]);
  });

  it("keeps each user's own: one user's choice is not another's, and a field left out keeps its value", async () => {
    expect((await patch('user', { esquema: 'dark' })).json()).toEqual({ esquema: 'dark', densidad: 'comoda' });
    expect((await patch('user', { densidad: 'compacta' })).json()).toEqual({ esquema: 'dark', densidad: 'compacta' });
    expect((await get('user')).json()).toEqual({ esquema: 'dark', densidad: 'compacta' });
    // Another role, another user: untouched, and their own save leaves the first one's.
    expect((await get('admin')).json()).toEqual(PREFERENCIAS_DEFAULT);
    expect((await patch('inspector', { esquema: 'light', densidad: 'compacta' })).statusCode).toBe(200);
    expect((await get('user')).json()).toEqual({ esquema: 'dark', densidad: 'compacta' });
    expect((await get('inspector')).json()).toEqual({ esquema: 'light', densidad: 'compacta' });
  });

  it('names no user: an id in the path or the body is refused, nobody reaches another user', async () => {
    expect((await t.request('admin', { method: 'GET', url: `/api/preferencias/${t.ids.user}` })).statusCode).toBe(404);
    const withId = await patch('admin', { esquema: 'dark', id_usuario: t.ids.user });
    expect(withId.statusCode).toBe(400);
    expect((await get('user')).json().esquema).toBe('dark');
    expect((await get(null)).statusCode).toBe(401);
    expect((await patch(null, { esquema: 'dark' })).statusCode).toBe(401);
  });

  it('refuses bad values with a message in Spanish and keeps what was stored', async () => {
    await patch('admin', { esquema: 'auto', densidad: 'comoda' });
    const cases: [unknown, string][] = [
      [{ esquema: 'oscuro' }, PREFERENCIAS_TEXTS.esquemaInvalido],
      [{ esquema: 'DARK' }, PREFERENCIAS_TEXTS.esquemaInvalido],
      [{ esquema: null }, PREFERENCIAS_TEXTS.esquemaInvalido],
      [{ densidad: 'compact' }, PREFERENCIAS_TEXTS.densidadInvalida],
      [{ densidad: 1 }, PREFERENCIAS_TEXTS.densidadInvalida],
      [{}, PREFERENCIAS_TEXTS.nada],
    ];
    for (const [payload, message] of cases) {
      const response = await patch('admin', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toContain(message);
    }
    expect((await get('admin')).json()).toEqual({ esquema: 'auto', densidad: 'comoda' });
  });

  it('two saves racing on different fields both stay, on a user with no row yet', async () => {
    const [a, b] = await Promise.all([patch('inspector2', { esquema: 'dark' }), patch('inspector2', { densidad: 'compacta' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await get('inspector2')).json()).toEqual({ esquema: 'dark', densidad: 'compacta' });
  });

  it('answers an Admin who must still enrol a second factor (REQUIRE_TOTP), whose other screens are refused', async () => {
    const strict = await createTestApp({ REQUIRE_TOTP: 'admins' });
    try {
      const read = await strict.request('admin', { method: 'GET', url: '/api/preferencias' });
      expect([read.statusCode, read.json()]).toEqual([200, PREFERENCIAS_DEFAULT]);
      expect((await strict.request('admin', { method: 'PATCH', url: '/api/preferencias', payload: { esquema: 'dark' } })).statusCode).toBe(200);
      const other = await strict.request('admin', { method: 'GET', url: '/api/users' });
      expect([other.statusCode, other.json()]).toEqual([403, { message: AUTH_MESSAGES.totpSetupRequired }]);
    } finally {
      await strict.close();
    }
  });
});
