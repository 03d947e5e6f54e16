import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROL } from '@siniestros/domain';
import { createTestApp, PASSWORD, USERNAMES, type TestApp } from '../../../test/helpers';
import { users } from '../../db/tables/users';

/**
 * The office always ends up with its Admin (docs/decisions/031-first-hour.md): the start creates one
 * whenever no active Admin exists — also on a database the demo seed filled with Inspector users.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password } });

describe('ensureAdmin at start', () => {
  it('does nothing while an active Admin exists', async () => {
    expect(await t.app.services.users.ensureAdmin('otro-admin@test.local', undefined)).toBeNull();
    expect((await signIn('otro-admin@test.local', 'cualquiera-1234')).statusCode).toBe(401);
  });

  it('refuses a chosen password that breaks the password rule, and a username held by someone who is not an Admin', async () => {
    // No active Admin left (as after the demo seed on an empty database: only Inspector users).
    await t.database.db.update(users).set({ activo: false }).where(eq(users.username, USERNAMES.admin));
    await expect(t.app.services.users.ensureAdmin('nuevo-admin@test.local', 'corta')).rejects.toThrow(/^ADMIN_PASSWORD: /);
    await expect(t.app.services.users.ensureAdmin(USERNAMES.inspector, 'Clave-Admin-Nueva-2026')).rejects.toThrow(/^ADMIN_USERNAME: /);
    expect((await signIn(USERNAMES.inspector, PASSWORD)).json().rol).toBe(ROL.INSPECTOR);
  });

  it('creates one when none is active, with a generated password it returns once; once only, even when starts race', async () => {
    const [first, second] = await Promise.all([
      t.app.services.users.ensureAdmin('nuevo-admin@test.local', undefined),
      t.app.services.users.ensureAdmin('nuevo-admin@test.local', undefined),
    ]);
    const generated = [first, second].filter((password): password is string => password !== null);
    expect(generated).toHaveLength(1);
    const login = await signIn('nuevo-admin@test.local', generated[0]!);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().rol).toBe(ROL.ADMIN);
    expect(await t.app.services.users.ensureAdmin('nuevo-admin@test.local', undefined)).toBeNull();
  });
});
