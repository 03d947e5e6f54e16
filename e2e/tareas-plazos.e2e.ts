import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { addDaysIso, formatDate, PLAZO_MESSAGES, TAREA_HISTORIA, TAREA_MESSAGES, todayIso, type Tarea } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/** Issue 18: the Diario ('Nueva tarea', 'Mis tareas', done with its history row) and the legal clocks (art. 56 red, the list's filter, the Admin's rules). */
let browser: Browser;
let userCookie: string;
let adminCookie: string;
let idCompania: number;
let idUsuario: number;

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  idCompania = (await seedCompania(adminCookie, `Diario ${Date.now()}`)).id;
  const asignables = await apiCall<{ id: number; yo?: boolean }[]>(userCookie, 'GET', '/tareas/asignables');
  idUsuario = asignables.find((usuario) => usuario.yo)!.id;
});
afterAll(() => browser?.close());

async function pick(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Diario', () => {
  it('a User creates a task on a case, finds it in Mis tareas under Hoy, completes it and sees the history row', async () => {
    const idCaso = await seedCaso(userCookie, { idCompania });
    // An overdue task, made through the API (a due date in the past is not offered by the form's presets).
    await apiCall(userCookie, 'POST', `/tareas/caso/${idCaso}`, {
      texto: 'Reclamar la denuncia policial',
      vence: addDaysIso(todayIso(), -2),
      id_usuario: idUsuario,
    });
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    const section = page.getByRole('region', { name: 'Tareas' });
    await section.getByText('Reclamar la denuncia policial').waitFor();
    await section.getByText(`Vencida ${formatDate(addDaysIso(todayIso(), -2))}`).waitFor();
    await expectNoAxeViolations(page, 'case detail with its clocks and tasks');

    await section.getByRole('button', { name: 'Nueva tarea' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
    await dialog.getByRole('button', { name: 'Crear tarea' }).click();
    await dialog.getByText(TAREA_MESSAGES.textoRequired).waitFor();
    await expectNoAxeViolations(page, 'Nueva tarea dialog with its error');
    await dialog.getByLabel('Tarea').fill('Llamar al tercero para coordinar la inspección');
    await dialog.getByRole('button', { name: '1 semana' }).click();
    expect(await dialog.getByLabel('Vence').inputValue()).not.toBe('');
    const vence = dialog.getByLabel('Vence');
    await vence.fill(formatDate(todayIso()));
    await dialog.getByLabel('Tarea').click();
    expect(await vence.inputValue()).toBe(formatDate(todayIso()));
    expect(await dialog.getByRole('combobox', { name: 'Asignar a' }).inputValue()).toContain('(yo)');
    await dialog.getByRole('button', { name: 'Crear tarea' }).click();
    await page.getByText(TAREA_MESSAGES.created).first().waitFor();
    await section.getByText('Llamar al tercero para coordinar la inspección').waitFor();

    await page.getByRole('link', { name: 'Mis tareas' }).first().click();
    await page.waitForURL('**/tareas');
    await page.getByRole('heading', { name: 'Mis tareas' }).waitFor();
    await page.getByRole('tab', { name: /^Vencidas \(\d+\)$/ }).waitFor();
    await page.getByRole('row', { name: /Reclamar la denuncia policial/ }).waitFor();
    await expectNoAxeViolations(page, 'Mis tareas, Vencidas');
    await page.getByRole('tab', { name: /^Hoy/ }).click();
    const row = page.getByRole('row', { name: /Llamar al tercero para coordinar la inspección/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`Caso ${idCaso}`);
    await row.getByRole('button', { name: 'Marcar como hecha: Llamar al tercero para coordinar la inspección' }).click();
    await page.getByText(TAREA_MESSAGES.done).first().waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: 'Ver las del equipo' }).check({ force: true });
    await page.getByRole('heading', { name: 'Tareas del equipo' }).waitFor();
    await page.getByRole('tab', { name: /^Todas/ }).click();
    await page.getByRole('columnheader', { name: 'Asignada a' }).waitFor();
    await expectNoAxeViolations(page, 'the team’s tasks');

    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await page.getByRole('button', { name: 'Ver Historial' }).click();
    const historial = page.getByRole('dialog', { name: 'Historial' });
    await historial.getByText(TAREA_HISTORIA.done('Llamar al tercero para coordinar la inspección')).waitFor();
    const tareas = await apiCall<Tarea[]>(userCookie, 'GET', `/tareas/caso/${idCaso}`);
    expect(tareas.map((tarea) => tarea.texto)).toEqual(['Reclamar la denuncia policial']);
    await context.close();
  });

  it('Mis tareas reads at 390 px', async () => {
    const { page, context } = await open(browser, USERS.user, { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/tareas`);
    await page.getByRole('heading', { name: 'Mis tareas' }).waitFor();
    await page.getByRole('tab', { name: /^Todas/ }).click();
    // One card per task on a phone, with its actions.
    const card = page.getByRole('article', { name: 'Reclamar la denuncia policial' }).first();
    await card.getByText(/^Vencida \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await card.getByRole('button', { name: 'Marcar como hecha: Reclamar la denuncia policial' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page, 'Mis tareas at 390 px');
    await context.close();
  });
});

describe('Plazos legales', () => {
  it("finds a case whose art. 56 clock is red from the list's filter, and shows it red on the case", async () => {
    const idCaso = await seedCaso(userCookie, { idCompania });
    // Documentation complete 40 days ago: the case leaves Pendiente Documentación, and the day the documents arrived is corrected.
    await apiCall(userCookie, 'PATCH', `/casos/avanza/${idCaso}`, {});
    await apiCall(userCookie, 'PATCH', `/plazos/caso/${idCaso}`, { evento: 'documentacion_completa', desde: addDaysIso(todayIso(), -40) });
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/casos`);
    await page.getByTestId('contador-vigentes').waitFor();
    await page.getByRole('button', { name: '+ Filtros' }).click();
    const panel = page.getByLabel('Filtros', { exact: true });
    await pick(page, panel, 'Plazo', 'Vencido');
    await panel.getByRole('button', { name: 'Filtrar' }).click();
    const row = page.locator(`tbody[data-caso="${idCaso}"] > tr`).first();
    await row.waitFor();
    await row.getByText('Plazo vencido').waitFor();
    await expectNoAxeViolations(page, 'case list filtered by Plazo vencido');

    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    const plazos = page.getByRole('region', { name: 'Plazos legales' });
    const pronunciamiento = plazos.getByTestId('caso-plazo').filter({ hasText: 'Pronunciamiento del asegurador' });
    await pronunciamiento.getByText('Vencido hace 10 días').waitFor();
    expect(await pronunciamiento.textContent()).toContain('Ley 17.418, art. 56');
    await plazos
      .getByTestId('caso-plazo')
      .filter({ hasText: 'Prescripción de la acción' })
      .getByText(/^En plazo: faltan \d+ días$/)
      .waitFor();
    await expectNoAxeViolations(page, 'case detail with a red clock');
    await context.close();
  });

  it('an Admin adjusts a rule on Plazos legales; a bad value is refused in Spanish', async () => {
    const { page, context } = await open(browser, ADMIN);
    await page.goto(`${baseUrl()}/plazos`);
    await page.getByRole('heading', { name: 'Plazos legales' }).waitFor();
    const row = page.getByRole('row', { name: /Pago del valor acordado/ });
    await row.getByText('15 días corridos').waitFor();
    await expectNoAxeViolations(page, 'Plazos legales');
    await row.getByRole('button', { name: 'Editar Pago del valor acordado' }).click();
    const dialog = page.getByRole('dialog', { name: /Editar plazo/ });
    await dialog.getByLabel('Aviso (días antes del vencimiento)').fill('400');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText(PLAZO_MESSAGES.aviso).waitFor();
    await expectNoAxeViolations(page, 'Editar plazo with its error');
    await dialog.getByLabel('Aviso (días antes del vencimiento)').fill('4');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(PLAZO_MESSAGES.updated).first().waitFor();
    await row.getByText('4 días antes').waitFor();
    await apiCall(adminCookie, 'PATCH', '/plazos/pago', {
      nombre: 'Pago del valor acordado',
      cantidad: 15,
      unidad: 'dias_corridos',
      aviso_dias: 5,
      activo: true,
    });
    await context.close();
  });
});
