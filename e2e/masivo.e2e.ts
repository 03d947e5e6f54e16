import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { CASO_MESSAGES, MASIVO_MESSAGES, addDaysIso, todayIso, type Tarea } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open, type Session } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

// Bulk actions (issue 44 item 2, decision 097). Values unique to this run: the server is shared.
const TAG = Date.now().toString().slice(-6);
const RECLAMO = `88${TAG}`;
const ANALISTA = { apellido: `Masiva${TAG}`, nombre: 'Inés' };
const SHOTS = process.env.E2E_SHOTS_DIR;

let browser: Browser;
let session: Session;
let page: Page;
let userCookie = '';
const ids: number[] = [];

async function pick(scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const casoRow = (id: number) => page.locator(`tbody[data-caso="${id}"] > tr`).first();
const confirmDialog = () => page.getByRole('dialog', { name: 'Confirmar' });

/** The list searched for this run's cases, in the selection mode (its checkboxes show only after 'Seleccionar'). */
async function searchTheCases() {
  await page.goto(`${baseUrl()}/casos`);
  const search = page.getByPlaceholder('Nombre, apellido, doc, dominio, nro siniestro');
  await search.fill(RECLAMO);
  await search.press('Enter');
  for (const id of ids) await casoRow(id).waitFor();
  expect(await page.getByRole('checkbox', { name: /^Seleccionar caso/ }).count(), 'no checkboxes before Seleccionar').toBe(0);
  await page.getByRole('button', { name: 'Seleccionar', exact: true }).click();
}

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin(baseUrl(), ADMIN);
  const idCompania = (await seedCompania(admin, `Masivos ${TAG}`)).id;
  await apiCall(admin, 'POST', '/analistas', ANALISTA);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  for (let i = 1; i <= 4; i += 1) ids.push(await seedCaso(userCookie, { idCompania, reclamo_nro: `${RECLAMO}${i}` }));
  session = await open(browser, USERS.user);
  page = session.page;
});
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

describe('bulk actions on the case list', () => {
  it('ticks one case, Shift+clicks a third, reassigns the three after a question naming them, and reads each history row', async () => {
    await searchTheCases();
    // Newest first: ids[3], ids[2], ids[1], ids[0].
    await casoRow(ids[3]!).getByRole('checkbox', { name: `Seleccionar caso ${ids[3]}` }).click();
    await casoRow(ids[1]!).getByRole('checkbox', { name: `Seleccionar caso ${ids[1]}` }).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Acciones masivas' });
    await expect.poll(() => bar.getByTestId('seleccionados').textContent()).toBe('3 casos seleccionados');
    expect(await casoRow(ids[0]!).getByRole('checkbox').isChecked()).toBe(false);
    await expectNoAxeViolations(page, 'case list with three cases selected');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/masivo-seleccion.png` });

    await pick(bar, 'Analista para los casos seleccionados', `${ANALISTA.apellido} ${ANALISTA.nombre}`);
    await bar.getByRole('button', { name: 'Reasignar analista' }).click();
    await confirmDialog().getByText(MASIVO_MESSAGES.confirm.analista(3, `${ANALISTA.apellido} ${ANALISTA.nombre}`)).waitFor();
    await expectNoAxeViolations(page, 'bulk reassignment question');
    await confirmDialog().getByRole('button', { name: 'SI' }).click();
    await page.getByText(MASIVO_MESSAGES.analistaDone(3)).waitFor();
    for (const id of ids.slice(1)) {
      await expect.poll(() => casoRow(id).getByRole('button', { name: `Analista del caso ${id}` }).textContent()).toBe(`${ANALISTA.apellido} ${ANALISTA.nombre}`);
    }
    expect(await casoRow(ids[0]!).getByRole('button', { name: `Analista del caso ${ids[0]}` }).textContent()).not.toContain(ANALISTA.apellido);
    await casoRow(ids[2]!).getByRole('button', { name: `Historial del caso ${ids[2]}` }).click();
    const historial = page.getByRole('dialog', { name: 'Historial' });
    await historial.getByRole('row', { name: new RegExp(CASO_MESSAGES.history.analistaAssigned(ANALISTA.apellido, ANALISTA.nombre)) }).waitFor();
    await page.keyboard.press('Escape');
    await historial.waitFor({ state: 'hidden' });
  });

  it("selects every case matching the search ('Seleccionar los 4 que coinciden') and sets a flag on all of them", async () => {
    await searchTheCases();
    await casoRow(ids[0]!).getByRole('checkbox', { name: `Seleccionar caso ${ids[0]}` }).click();
    const bar = page.getByRole('region', { name: 'Acciones masivas' });
    await bar.getByRole('button', { name: 'Seleccionar los 4 que coinciden' }).click();
    await expect.poll(() => bar.getByTestId('seleccionados').textContent()).toBe('4 casos seleccionados');
    await pick(bar, 'Etiqueta para los casos seleccionados', 'Urgente');
    await bar.getByRole('button', { name: 'Marcar etiqueta' }).click();
    await confirmDialog().getByText(MASIVO_MESSAGES.confirm.flag(4, 'Urgente', true)).waitFor();
    await confirmDialog().getByRole('button', { name: 'SI' }).click();
    await page.getByText(MASIVO_MESSAGES.flagDone('Urgente', true, 4)).waitFor();
    for (const id of ids) await page.getByLabel(`Etiquetas del caso ${id}`).getByText('Urgente').waitFor();
    await expect.poll(() => bar.getByTestId('seleccionados').textContent()).toBe('0 casos seleccionados');
    await expectNoAxeViolations(page, 'case list after a bulk flag');
  });

  it('Esc and Cancelar selección leave the mode: the selection is emptied and the spec\'s columns are back', async () => {
    await searchTheCases();
    const bar = page.getByRole('region', { name: 'Acciones masivas' });
    await casoRow(ids[0]!).getByRole('checkbox', { name: `Seleccionar caso ${ids[0]}` }).click();
    await expect.poll(() => bar.getByTestId('seleccionados').textContent()).toBe('1 caso seleccionado');
    // The focus is still on the ticked box: Esc there is the list's.
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'hidden' });
    expect(await page.getByRole('checkbox', { name: /^Seleccionar caso/ }).count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Casos' }).locator('thead th').first().textContent()).toBe('Caso');

    await page.getByRole('button', { name: 'Seleccionar', exact: true }).click();
    // Entered again, nothing is still ticked.
    await expect.poll(() => bar.getByTestId('seleccionados').textContent()).toBe('0 casos seleccionados');
    expect(await casoRow(ids[0]!).getByRole('checkbox').isChecked()).toBe(false);
    // Esc inside the analyst's list closes that list, not the mode.
    await bar.getByRole('combobox', { name: 'Analista para los casos seleccionados', exact: true }).click();
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await bar.isVisible()).toBe(true);
    await bar.getByRole('button', { name: 'Cancelar selección' }).click();
    await bar.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Seleccionar', exact: true }).waitFor();
  });
});

describe('bulk reassignment in Mis tareas', () => {
  it('ticks two tasks and gives them to the Admin after a question naming how many', async () => {
    const asignables = await apiCall<{ id: number; nombre: string; yo?: boolean }[]>(userCookie, 'GET', '/tareas/asignables');
    const yo = asignables.find((usuario) => usuario.yo)!;
    const admin = asignables.find((usuario) => !usuario.yo)!;
    const textos = [`Llamar al tercero ${TAG}`, `Pedir fotos ${TAG}`, `Revisar denuncia ${TAG}`];
    const tareas: Tarea[] = [];
    for (const texto of textos) tareas.push(await apiCall<Tarea>(userCookie, 'POST', `/tareas/caso/${ids[0]}`, { texto, vence: addDaysIso(todayIso(), -1), id_usuario: yo.id }));

    await page.goto(`${baseUrl()}/tareas?vista=vencidas`);
    await page.getByRole('heading', { name: 'Mis tareas' }).waitFor();
    const table = page.getByRole('table', { name: /Tareas/ });
    await table.getByRole('cell', { name: textos[0], exact: true }).waitFor();
    expect(await table.getByRole('checkbox').count(), 'no checkboxes before Seleccionar').toBe(0);
    await page.getByRole('button', { name: 'Seleccionar', exact: true }).click();
    await table.getByRole('checkbox', { name: `Seleccionar tarea: ${textos[0]}` }).click();
    await table.getByRole('checkbox', { name: `Seleccionar tarea: ${textos[2]}` }).click();
    const bar = page.getByRole('region', { name: 'Acciones sobre las tareas seleccionadas' });
    await bar.getByText('2 tareas seleccionadas').waitFor();
    await expectNoAxeViolations(page, 'Mis tareas with two tasks selected');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/masivo-tareas.png` });
    await pick(bar, 'Reasignar las tareas seleccionadas a', admin.nombre);
    await bar.getByRole('button', { name: 'Reasignar seleccionadas' }).click();
    await confirmDialog().getByText(MASIVO_MESSAGES.confirm.tareas(2, admin.nombre)).waitFor();
    await confirmDialog().getByRole('button', { name: 'SI' }).click();
    await page.getByText(MASIVO_MESSAGES.tareasDone(2)).waitFor();
    await table.getByRole('checkbox', { name: `Seleccionar tarea: ${textos[0]}` }).waitFor({ state: 'detached' });
    await table.getByRole('checkbox', { name: `Seleccionar tarea: ${textos[1]}` }).waitFor();
    const abiertas = await apiCall<Tarea[]>(userCookie, 'GET', `/tareas/caso/${ids[0]}`);
    const duenoDe = (texto: string) => abiertas.find((tarea) => tarea.texto === texto)!.id_usuario;
    expect([duenoDe(textos[0]!), duenoDe(textos[1]!), duenoDe(textos[2]!)]).toEqual([admin.id, yo.id, admin.id]);
  });
});
