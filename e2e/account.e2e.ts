import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SESSION_MESSAGES, USER_MESSAGES } from '@siniestros/domain';
import { ADMIN, apiLogin } from './api';
import { baseUrl, expectNoAxeViolations, launch, open, signIn } from './browser';
import { apiCall } from './seed';

const SHOTS = process.env.E2E_SHOTS_DIR;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** 'Mi cuenta' (docs/decisions/028): own sessions and own password, through the screens. */
describe("'Mi cuenta'", () => {
  const stamp = Date.now();
  const person = { apellido: 'Molina', nombre: 'Sofía', username: `sofia.${stamp}@e2e.local`, password: 'Sofia-E2E-Clave', rol: 2 };
  const newPassword = 'Sofia-Nueva-Clave-7';

  it('a User ends another session of theirs, which is signed out; changes the password; signs in with the new one', async () => {
    await apiCall(await apiLogin(baseUrl(), ADMIN), 'POST', '/users', { ...person, password2: person.password });
    // The "other device": a second browser context signed in as the same user.
    const other = await open(browser, person);
    other.allow(/status of 401 /); // its session ended from the first one
    await other.page.goto(`${baseUrl()}/casos`);
    await other.page.getByRole('navigation', { name: 'Menú principal' }).getByText('Audiencias').waitFor();

    const { page, context, allow } = await open(browser, person);
    allow(/status of 400 .*\/api\/users\/password\)/); // the wrong current password below
    await page.goto(`${baseUrl()}/casos`);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Mi cuenta' }).waitFor();
    await expectNoAxeViolations(page, 'user menu open');
    await page.getByRole('menuitem', { name: 'Mi cuenta' }).click();
    await page.waitForURL('**/mi-cuenta');
    await page.getByRole('heading', { name: 'Mi cuenta' }).waitFor();

    const rows = page.getByRole('table', { name: 'Sesiones activas' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const current = rows.filter({ hasText: 'Esta sesión' });
    // Both were opened through the API (apiLogin), so both name the program that signed in: node.
    expect(await current.count()).toBe(1);
    await expectNoAxeViolations(page, 'Mi cuenta');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mi-cuenta.png`, fullPage: true });

    // End the other one: SI/NO first, then the row is gone and the other context is signed out.
    await rows
      .filter({ hasNotText: 'Esta sesión' })
      .getByRole('button', { name: /Cerrar sesión/ })
      .click();
    await page.getByText(SESSION_MESSAGES.confirmRevoke).waitFor();
    await expectNoAxeViolations(page, 'end-session confirmation');
    await page.getByRole('button', { name: 'SI', exact: true }).click();
    await page.getByText(SESSION_MESSAGES.revoked, { exact: true }).first().waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    await other.page.getByRole('navigation', { name: 'Menú principal' }).getByText('Audiencias').click();
    await other.page.waitForURL(`${baseUrl()}/`);
    await other.page.getByRole('button', { name: 'Ingresar' }).waitFor();
    const [otherCookie] = await other.context.cookies();
    const afterRevoke = await fetch(`${baseUrl()}/api/users/auth`, { headers: { cookie: `${otherCookie?.name}=${otherCookie?.value}` } });
    expect(afterRevoke.status).toBe(401);
    await other.context.close();

    // Change the password: the current one is checked on the server, the rules in the form too.
    const form = page.getByRole('region', { name: 'Cambiar contraseña' });
    await form.getByLabel('Contraseña actual').fill('no-es-la-clave');
    await form.getByLabel(/^Nueva contraseña/).fill(person.username.toUpperCase());
    await form.getByLabel('Repita la nueva contraseña').fill(person.username.toUpperCase());
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await form.getByText(USER_MESSAGES.passwordIsUsername).waitFor();
    await expectNoAxeViolations(page, 'password change with its error');
    await form.getByLabel(/^Nueva contraseña/).fill(newPassword);
    await form.getByLabel('Repita la nueva contraseña').fill(newPassword);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await form.getByText(USER_MESSAGES.passwordCurrentWrong).waitFor();
    await form.getByLabel('Contraseña actual').fill(person.password);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText(USER_MESSAGES.passwordUpdated).waitFor();
    await expect.poll(() => form.getByLabel('Contraseña actual').inputValue()).toBe('');

    // Sign out, and in again with the new password through the login form (real captcha widget).
    await page.getByRole('navigation', { name: 'Menú principal' }).getByText('Cerrar Sesión').click();
    await page.waitForURL(`${baseUrl()}/`);
    await signIn(page, { username: person.username, password: newPassword });
    await page.waitForURL('**/tablero');
    await expect.poll(() => page.getByTestId('header-user').textContent()).toBe(person.username);
    await context.close();
  });

  it('is there for an Inspector too, from the user menu', async () => {
    const inspector = { apellido: 'Paz', nombre: 'Iván', username: `ivan.${stamp}@e2e.local`, password: 'Ivan-E2E-Clave', rol: 3 };
    await apiCall(await apiLogin(baseUrl(), ADMIN), 'POST', '/users', { ...inspector, password2: inspector.password });
    const { page, context } = await open(browser, inspector, { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/inspecciones`);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Mi cuenta' }).click();
    await page.getByRole('heading', { name: 'Sesiones activas' }).waitFor();
    // A phone gets a list, one block per session, rather than the table.
    await expect.poll(() => page.getByRole('list', { name: 'Sesiones activas' }).getByRole('listitem').count()).toBe(1);
    await expectNoAxeViolations(page, 'Mi cuenta at 390 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mi-cuenta-390.png`, fullPage: true });
    await context.close();
  });
});
