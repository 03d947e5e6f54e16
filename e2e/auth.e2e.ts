import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AUTH_MESSAGES } from '@siniestros/domain';
import { ADMIN, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('sign-in and the shell', () => {
  it('an Admin signs in through the real captcha widget and lands on the Tablero', async () => {
    const { page, context } = await open(browser);
    await page.goto(baseUrl());
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('El nombre de usuario es requerido');
    await expectNoAxeViolations(page, 'login with its error');
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.getByLabel('Usuario').fill(ADMIN.username);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Debe completar el captcha');
    await page.getByText('No soy un robot').click();
    await page.getByText('Verificado').waitFor();
    await expectNoAxeViolations(page, 'login with the captcha solved');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/tablero');
    await expect.poll(() => page.getByTestId('header-user').textContent()).toBe(ADMIN.username);
    await page.getByRole('heading', { name: 'Casos abiertos por estado', exact: true }).waitFor();
    await expectNoAxeViolations(page, "an Admin's Tablero");
    await context.close();
  });

  it('a wrong password shows the server message above the form', async () => {
    const { page, context, allow } = await open(browser);
    allow(/status of 401 .*\/api\/users\/login\)/);
    await page.goto(baseUrl());
    await page.getByLabel('Usuario').fill(ADMIN.username);
    await page.getByLabel('Contraseña').fill('clave-equivocada');
    await page.getByText('No soy un robot').click();
    await page.getByText('Verificado').waitFor();
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(AUTH_MESSAGES.badCredentials);
    await context.close();
  });

  it("a User's menu has no administration entries", async () => {
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/casos`);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByText('Casos', { exact: true }).waitFor();
    const entries = await menu.locator('a, button').allTextContents();
    expect(entries).toEqual(['Tablero', 'Crear Caso', 'Casos', 'Audiencias', 'Inspecciones', 'Valores', 'Informes', 'Mis tareas', 'Aprobaciones pendientes', 'Bandeja de recibidos', 'Cerrar Sesión']);
    await context.close();
  });

  it('an Inspector lands on /inspecciones with logout only, and logout returns to /', async () => {
    const { page, context } = await open(browser, USERS.inspector);
    await page.goto(`${baseUrl()}/casos`);
    await page.waitForURL('**/inspecciones');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByText('Cerrar Sesión').waitFor();
    expect(await menu.locator('a, button').allTextContents()).toEqual(['Cerrar Sesión']);
    await menu.getByText('Cerrar Sesión').click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    await context.close();
  });

  it('an unknown path shows the 404 page and a signed-out visit to /casos goes to /', async () => {
    const { page, context } = await open(browser);
    await page.goto(`${baseUrl()}/no/existe`);
    await page.getByText('404 - La pagina no existe').waitFor();
    expect(await page.getByRole('link', { name: 'Ir a la pagina principal' }).getAttribute('href')).toBe('/casos');
    await expectNoAxeViolations(page, '404 page');
    await page.goto(`${baseUrl()}/casos`);
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    await context.close();
  });
});

describe('reference data', () => {
  it('an Admin creates and edits a company and sees the toast and the table change', async () => {
    const { page, context } = await open(browser, ADMIN);
    await page.goto(`${baseUrl()}/companias`);
    await page.getByRole('button', { name: 'Nueva Compañia' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await dialog.getByText('El nombre es requerido').waitFor();
    await expectNoAxeViolations(page, 'Nueva Compañia dialog with its error');
    await dialog.getByLabel('Nombre').fill('La Segunda Seguros');
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await page.getByText('Compania creada exitosamente').waitFor();
    const row = page.getByRole('row', { name: /La Segunda Seguros/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Ver' }).click();
    await page.getByRole('dialog').getByLabel('Nombre').fill('La Segunda Cooperativa');
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Compañia actualizada exitosamente').waitFor();
    await page.getByRole('row', { name: /La Segunda Cooperativa/ }).waitFor();
    await expectNoAxeViolations(page, 'companies');
    expect(await page.getByRole('row', { name: /La Segunda Seguros/ }).count()).toBe(0);
    await context.close();
  });

  it('an Admin creates a user who can then sign in', async () => {
    const { page, context } = await open(browser, ADMIN);
    await page.goto(`${baseUrl()}/usuarios`);
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Apellido').fill('Martínez');
    await dialog.getByLabel('Nombre').fill('Sofía');
    await dialog.getByLabel('Username').fill('sofia@e2e.local');
    await dialog.getByLabel(/^Contraseña/).fill('corta');
    await dialog.getByLabel('Repita Contraseña').fill('corta');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('La contraseña debe tener al menos 8 caracteres.').waitFor();
    await dialog.getByText('Debe seleccionar un tipo de usuario').waitFor();
    await expectNoAxeViolations(page, 'Nuevo Usuario dialog with its errors');
    await dialog.getByLabel(/^Contraseña/).fill('Sofia-Clave-2026');
    await dialog.getByLabel('Repita Contraseña').fill('Sofia-Clave-2026');
    await dialog.getByLabel(/^Tipo de Usuario/).click();
    await page.getByRole('option', { name: 'Usuario', exact: true }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Usuario creado exitosamente').waitFor();
    await page.getByRole('row', { name: /sofia@e2e.local/ }).waitFor();
    await expectNoAxeViolations(page, 'users');
    await context.close();
    const sofia = await open(browser, { username: 'sofia@e2e.local', password: 'Sofia-Clave-2026' });
    await sofia.page.goto(`${baseUrl()}/casos`);
    await expect.poll(() => sofia.page.getByTestId('header-user').textContent()).toBe('sofia@e2e.local');
    await sofia.context.close();
  });
});
