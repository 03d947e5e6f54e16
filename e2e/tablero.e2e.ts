import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addDaysIso, todayIso, type Tablero } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/** Issue 18 item 1: a User lands on the Tablero, reads its figures and follows one to its list. */
let browser: Browser;
let userCookie: string;
const texto = `Llamar al tercero ${Date.now()}`;

beforeAll(async () => {
  browser = await launch();
  const adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  const idCompania = (await seedCompania(adminCookie, `Tablero ${Date.now()}`)).id;
  const idCaso = await seedCaso(userCookie, { idCompania });
  const asignables = await apiCall<{ id: number; yo?: boolean }[]>(userCookie, 'GET', '/tareas/asignables');
  const idUsuario = asignables.find((usuario) => usuario.yo)!.id;
  await apiCall(userCookie, 'POST', `/tareas/caso/${idCaso}`, { texto, vence: addDaysIso(todayIso(), -1), id_usuario: idUsuario });
});
afterAll(() => browser?.close());

describe('Tablero', () => {
  it("a User signs in, lands on the Tablero, sees the figures and follows 'Vencidas' to Mis tareas", async () => {
    const { page, problems, context } = await open(browser);
    await page.goto(baseUrl());
    await page.getByLabel('Usuario').fill(USERS.user.username);
    await page.getByLabel('Contraseña').fill(USERS.user.password);
    await page.getByText('No soy un robot').click();
    await page.getByText('Verificado').waitFor();
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/tablero');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tablero');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    expect((await menu.locator('a').first().textContent())?.trim()).toBe('Tablero');

    // The figures on screen are the API's (other tests may add cases meanwhile: the ones that only grow are checked at least).
    const mias = page.getByRole('region', { name: 'Mis tareas' });
    const vencidas = mias.getByRole('link', { name: /^Vencidas/ });
    await vencidas.waitFor();
    const tablero = await apiCall<Tablero>(userCookie, 'GET', '/tablero');
    expect(tablero.tareas.mias.vencidas).toBeGreaterThanOrEqual(1);
    expect(Number((await vencidas.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
    for (const title of [
      'Casos abiertos por estado',
      'Antigüedad desde el alta',
      'Días en el estado actual',
      'Tareas del equipo',
      'Agenda y plazos',
    ])
      await page.getByRole('heading', { name: title, level: 2, exact: true }).waitFor();
    const abiertos = page.getByRole('region', { name: 'Casos abiertos por estado' }).getByRole('link', { name: /^Total abiertos/ });
    expect(Number((await abiertos.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
    // The two charts (loaded after the figures) draw their bars and name their figures.
    const grafico = page.getByRole('img', { name: /^Casos abiertos por estado\. / });
    await grafico.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await grafico.getAttribute('aria-label')).toContain(`${tablero.casos.porEstado[0]!.estado}: `);
    await page
      .getByRole('img', { name: /^Antigüedad de los casos abiertos\. / })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    await expectNoAxeViolations(page, 'the Tablero at 1440 px');

    await vencidas.click();
    await page.waitForURL('**/tareas?vista=vencidas');
    await expect.poll(() => page.getByRole('tab', { name: /^Vencidas/ }).getAttribute('aria-selected')).toBe('true');
    await page.getByText(texto).filter({ visible: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a status figure opens the case list filtered by that status, in the URL, with as many cases', async () => {
    const { page, problems, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/tablero`);
    const estados = page.getByRole('region', { name: 'Casos abiertos por estado' }).getByRole('link');
    await estados.nth(1).waitFor();
    const figura = Number((await estados.nth(1).textContent())!.replace(/\D/g, ''));
    await estados.nth(1).click();
    await page.waitForURL(/\/casos\?.*estado=\d+/);
    await expect.poll(() => page.getByTestId('contador-filtrados').textContent()).toBe(figura.toLocaleString('es-AR'));
    await page.getByRole('button', { name: 'Limpiar Filtros' }).click();
    await expect.poll(() => page.getByTestId('contador-filtrados').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads at 390 px: one column, no horizontal scroll, axe clean', async () => {
    const { page, problems, context } = await open(browser, USERS.user, { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/tablero`);
    await page
      .getByRole('region', { name: 'Mis tareas' })
      .getByRole('link', { name: /^Vencidas/ })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'the Tablero at 390 px');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an Inspector is sent from /tablero to Mis Inspecciones', async () => {
    const { page, context } = await open(browser, USERS.inspector);
    await page.goto(`${baseUrl()}/tablero`);
    await page.waitForURL('**/inspecciones');
    await context.close();
  });
});
