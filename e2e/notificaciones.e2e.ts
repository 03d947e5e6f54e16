import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { addDaysIso, NOTIFICACIONES_POLL_MS, NOTIFICACIONES_RECIENTES, notificacionesBellLabel, todayIso, type NotificacionesPage } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/** Issue 18 item 4: a task another user gives a User shows on their bell, leads to its case, and reads as read on the page. */
let browser: Browser;
let userCookie: string;
let adminCookie: string;

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
});
afterAll(() => browser?.close());

const noLeidas = async () => (await apiCall<NotificacionesPage>(userCookie, 'GET', '/notificaciones?pageSize=1')).no_leidas;

describe('Notificaciones', () => {
  it('a User sees the task an Admin gave them on the bell, follows it to the case, the count drops; the page lists it as read', async () => {
    const idCompania = (await seedCompania(adminCookie, `Notificaciones ${Date.now()}`)).id;
    const idCaso = await seedCaso(userCookie, { idCompania });
    const asignables = await apiCall<{ id: number; yo?: boolean }[]>(userCookie, 'GET', '/tareas/asignables');
    const idUsuario = asignables.find((usuario) => usuario.yo)!.id;
    const texto = `Pedir el informe del taller ${Date.now()}`;
    await apiCall(adminCookie, 'POST', `/tareas/caso/${idCaso}`, { texto, vence: addDaysIso(todayIso(), 3), id_usuario: idUsuario });
    const before = await noLeidas();
    expect(before).toBeGreaterThan(0);

    const { page } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/tareas`);
    const bell = page.getByRole('button', { name: notificacionesBellLabel(before) });
    await bell.waitFor();
    await bell.click();
    const item = page.getByRole('menuitem', { name: new RegExp(texto) });
    await item.waitFor();
    expect(await item.textContent()).toContain('Sin leer: Tarea asignada');
    await expectNoAxeViolations(page, 'the bell open');

    await item.click();
    await page.waitForURL(`**/casos/detalleCaso/${idCaso}`);
    // One fewer than before, unless the notifications job (every five minutes, on the same server
    // as the other e2e files' tasks) made one meanwhile: then the bell shows the server's count.
    const bellLabel = () => page.getByRole('button', { name: /^Notificaciones, / }).getAttribute('aria-label');
    await expect.poll(async () => [notificacionesBellLabel(before - 1), notificacionesBellLabel(await noLeidas())].includes((await bellLabel()) ?? ''), { timeout: 30_000 }).toBe(true);
    expect(await noLeidas()).toBeLessThanOrEqual(before);

    await page.getByRole('button', { name: /^Notificaciones, / }).click();
    await page.getByRole('menuitem', { name: 'Ver todas' }).click();
    await page.waitForURL('**/notificaciones');
    await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
    const fila = page.getByRole('listitem').filter({ hasText: texto });
    await fila.waitFor();
    expect(await fila.textContent()).not.toContain('Sin leer');
    expect(await fila.getByRole('button', { name: 'Marcar como leída' }).count()).toBe(0);
    await fila.getByRole('link', { name: `Ver caso ${idCaso}` }).waitFor();
    await page.getByRole('switch', { name: 'Recibir un resumen diario por correo' }).waitFor();
    await expectNoAxeViolations(page, 'the page Notificaciones');

    // 'Sin leer' hides it; 'Marcar todas como leídas' empties the count.
    await page.getByText(/^Sin leer \(\d+\)$/).click();
    await fila.waitFor({ state: 'detached' });
    if ((await noLeidas()) > 0) {
      await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
      await page.getByText('No hay notificaciones sin leer.').waitFor();
    }
    await page.getByRole('button', { name: notificacionesBellLabel(0) }).waitFor();
  });

  it("while the bell's menu is open its rows stay put: the count follows the server, a new notice shows at the next opening", async () => {
    const idCaso = await seedCaso(userCookie, { idCompania: (await seedCompania(adminCookie, `Campana ${Date.now()}`)).id });
    const asignables = await apiCall<{ id: number; yo?: boolean }[]>(userCookie, 'GET', '/tareas/asignables');
    const idUsuario = asignables.find((usuario) => usuario.yo)!.id;
    const { page } = await open(browser, USERS.user);
    // The bell asks again every minute: the page's clock is moved past it instead of waiting.
    await page.clock.install();
    // The bell's first answer: its count alone reads 'ninguna' before it too.
    const bellAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notificaciones' && response.ok());
    await page.goto(`${baseUrl()}/tareas`);
    await bellAnswered;
    await page.getByRole('heading', { level: 1 }).waitFor();
    const bell = page.getByRole('button', { name: /^Notificaciones, / });
    const isBellCurrent = async () => (await bell.getAttribute('aria-label')) === notificacionesBellLabel(await noLeidas());
    await expect.poll(isBellCurrent).toBe(true);
    await bell.click();
    const verTodas = page.getByRole('menuitem', { name: 'Ver todas' });
    await verTodas.waitFor();
    const rowsOnOpen = await page.getByRole('menuitem').allTextContents();

    const texto = `Llamar al tercero ${Date.now()}`;
    await apiCall(adminCookie, 'POST', `/tareas/caso/${idCaso}`, { texto, vence: addDaysIso(todayIso(), 3), id_usuario: idUsuario });
    await page.clock.fastForward(NOTIFICACIONES_POLL_MS + 1_000);
    await expect.poll(isBellCurrent).toBe(true);
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(rowsOnOpen);

    await page.keyboard.press('Escape');
    await verTodas.waitFor({ state: 'detached' });
    await bell.click();
    await page.getByRole('menuitem', { name: new RegExp(texto) }).waitFor();
    await verTodas.click();
    await page.waitForURL('**/notificaciones');
  });

  it("with more notices than the screen holds, the menu's list scrolls and 'Ver todas' stays in view", async () => {
    const idCaso = await seedCaso(userCookie, { idCompania: (await seedCompania(adminCookie, `Campana larga ${Date.now()}`)).id });
    const idUsuario = (await apiCall<{ id: number; yo?: boolean }[]>(userCookie, 'GET', '/tareas/asignables')).find((usuario) => usuario.yo)!.id;
    for (let n = 0; n < NOTIFICACIONES_RECIENTES; n++) {
      const texto = `Recordatorio: audiencia de mediación el 26/11/2026 10:00 en Centro de Mediación Prejudicial, Lavalle 1250 piso 3 oficina ${n}`;
      await apiCall(adminCookie, 'POST', `/tareas/caso/${idCaso}`, { texto, vence: addDaysIso(todayIso(), 3), id_usuario: idUsuario });
    }
    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      const { page } = await open(browser, USERS.user, viewport);
      await page.goto(`${baseUrl()}/casos`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: /^Notificaciones, / }).click();
      const verTodas = page.getByRole('menuitem', { name: 'Ver todas' });
      await verTodas.waitFor();
      const box = (await verTodas.boundingBox())!;
      expect(box.y + box.height, `'Ver todas' at ${viewport.width} px`).toBeLessThanOrEqual(viewport.height);
      await verTodas.click();
      await page.waitForURL('**/notificaciones');
    }
  });

  it('at 390 px the bell and the page fit the screen', async () => {
    const { page } = await open(browser, USERS.user, { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/notificaciones`);
    await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Notificaciones, / }).click();
    await page.getByRole('menuitem', { name: 'Ver todas' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'the bell open at 390 px');
  });

  it('an Inspector has no bell', async () => {
    const { page } = await open(browser, USERS.inspector);
    await page.goto(`${baseUrl()}/inspecciones`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: /^Notificaciones/ }).count()).toBe(0);
  });
});
