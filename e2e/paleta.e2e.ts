import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, apiLogin } from './api';
import { baseUrl, expectNoAxeViolations, launch, open, signIn } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

const SHOTS = process.env.E2E_SHOTS_DIR;

let browser: Browser;
let idCaso: number;
const stamp = Date.now();
// A plate of this run only: the palette must find exactly this case.
const DOMINIO = `PA${String(stamp).slice(-3)}LT`;
// Users of this file: their colour scheme and density are theirs, no other file sees them change.
const person = { apellido: 'Paleta', nombre: 'Teclado', username: `paleta.${stamp}@e2e.local`, password: 'Paleta-E2E-Clave', rol: 2 };
const oscuro = { apellido: 'Oscuro', nombre: 'Modo', username: `oscuro.${stamp}@e2e.local`, password: 'Oscuro-E2E-Clave', rol: 2 };

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin(baseUrl(), ADMIN);
  for (const user of [person, oscuro]) await apiCall(admin, 'POST', '/users', { ...user, password2: user.password });
  const { id: idCompania } = await seedCompania(admin, `Paleta Seguros ${stamp}`);
  // Two more, so the list has rows to move along whatever the other files seed.
  for (let index = 0; index < 2; index += 1) await seedCaso(admin, { idCompania });
  idCaso = await seedCaso(admin, {
    idCompania,
    terceros: [{ apellido: 'Quiroga', nombre: 'Elena', id_tipo_doc: 1, nro_doc: '31222333', marca_modelo: 'VW Gol', dominio: DOMINIO }],
  });
});
afterAll(() => browser?.close());

const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const palette = (page: Page) => page.getByRole('textbox', { name: 'Buscar casos, pantallas y acciones' });

/**
 * Ctrl+K until the palette shows: its code is a chunk of its own, loaded as the shell mounts. Ctrl+K
 * toggles it, so each press is given time to open it on a busy machine before the next.
 */
async function openPalette(page: Page) {
  for (let attempt = 0; attempt < 6 && !(await palette(page).isVisible()); attempt += 1) {
    await page.keyboard.press('Control+K');
    await palette(page).waitFor({ timeout: 5000 }).catch(() => undefined);
  }
  await palette(page).waitFor();
}

/** Closed (its closing transition over): otherwise the next Ctrl+K would find it still on screen. */
const paletteClosed = (page: Page) => palette(page).waitFor({ state: 'hidden' });

async function openCasos(page: Page) {
  await page.goto(`${baseUrl()}/casos`);
  await page.getByTestId('contador-vigentes').waitFor();
  await page.locator('table[aria-label="Casos"] tbody[data-caso]').nth(2).waitFor();
}

/** Issue 44 item 5 (docs/decisions/100): the command palette and the list's keys. */
describe('command palette and shortcuts', () => {
  it('Ctrl+K, a plate typed, Enter: the case opens; a screen by its name', async () => {
    const { page } = await open(browser, person);
    await openCasos(page);
    await openPalette(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Buscar casos, pantallas y acciones');
    await page.keyboard.type(DOMINIO.toLowerCase());
    const found = page.getByRole('button', { name: new RegExp(`^Caso ${idCaso}\\b`) });
    await found.waitFor();
    expect(await found.textContent()).toContain(DOMINIO);
    await expectNoAxeViolations(page, 'palette with a case found (light)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/paleta-claro.png` });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/casos/detalleCaso/${idCaso}`);
    await page.getByRole('button', { name: 'Ver Historial' }).first().waitFor();

    // Opened again, the palette is empty; a screen by its menu name.
    await openPalette(page);
    expect(await palette(page).inputValue(), 'a closed palette forgets its text').toBe('');
    await page.keyboard.type('mis tareas');
    await page.getByRole('button', { name: 'Mis tareas' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tareas');
  });

  it("on a case's detail the palette lists that case's actions and runs them", async () => {
    const { page, context } = await open(browser, person);
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await page.getByRole('button', { name: 'Ver Historial' }).first().waitFor();
    await openPalette(page);
    await page.getByRole('button', { name: 'Agregar mensaje al historial' }).waitFor();
    await page.getByRole('button', { name: 'Letrado del caso' }).waitFor();
    expect(await page.getByRole('button', { name: /etiqueta/ }).count(), 'the 17 flags only once something is typed').toBe(0);
    await expectNoAxeViolations(page, "palette with the case's actions");
    await page.keyboard.type('mensaje historial');
    await page.getByRole('button', { name: 'Agregar mensaje al historial' }).waitFor();
    await page.keyboard.press('Enter');
    const historial = page.getByRole('dialog', { name: 'Historial' });
    await historial.waitFor();
    await page.keyboard.press('Escape');
    await historial.waitFor({ state: 'detached' });
    await paletteClosed(page);

    // A flag of the case, set from the palette through the detail's own toggle.
    await openPalette(page);
    await page.keyboard.type('marcar urgente');
    await page.getByRole('button', { name: 'Marcar etiqueta Urgente' }).click();
    await paletteClosed(page);
    await expect.poll(() => page.getByRole('group', { name: 'Etiquetas' }).getByRole('checkbox', { name: 'Urgente' }).isChecked()).toBe(true);
    await openPalette(page);
    await page.keyboard.type('urgente');
    expect(await page.getByRole('button', { name: 'Marcar etiqueta Urgente' }).count()).toBe(0);
    // Cleared again: the compact rows' test below measures this case's row, flagless.
    await page.getByRole('button', { name: 'Quitar etiqueta Urgente' }).click();
    await paletteClosed(page);
    await expect.poll(() => page.getByRole('group', { name: 'Etiquetas' }).getByRole('checkbox', { name: 'Urgente' }).isChecked()).toBe(false);

    // The top action links' dialogs, the same ones.
    await openPalette(page);
    await page.keyboard.type('letrado');
    await page.getByRole('button', { name: 'Letrado del caso' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Letrado' }).waitFor();
    await paletteClosed(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Letrado' }).waitFor({ state: 'hidden' });

    // The analyst is a field of the case's form: the palette takes the focus to it.
    await openPalette(page);
    await page.keyboard.type('cambiar analista');
    await page.getByRole('button', { name: 'Cambiar analista' }).waitFor();
    await page.keyboard.press('Enter');
    await paletteClosed(page);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim())).toBe('Analista');
    await page.keyboard.press('Escape');

    // Left for another screen, the case's actions are gone.
    await page.goto(`${baseUrl()}/tareas`);
    await page.getByRole('heading', { name: 'Mis tareas' }).waitFor();
    await openPalette(page);
    await page.keyboard.type('historial');
    await page.getByText('Nada coincide con lo escrito.').waitFor();
    await context.close();
  });

  it('a case number typed and Enter at once opens that case; a plate and Enter before the answer opens it when the answer arrives', async () => {
    const { page, context } = await open(browser, person);
    await openCasos(page);
    await openPalette(page);
    await page.keyboard.type(String(idCaso));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/casos/detalleCaso/${idCaso}`);
    await page.getByRole('button', { name: 'Ver Historial' }).first().waitFor();

    await page.goto(`${baseUrl()}/tareas`);
    await page.getByRole('heading', { name: 'Mis tareas' }).waitFor();
    await openPalette(page);
    // Slow answers: Enter is pressed well before the search has answered.
    await page.route('**/api/casos/filtro**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.keyboard.type(DOMINIO, { delay: 20 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/casos/detalleCaso/${idCaso}`);
    await page.unroute('**/api/casos/filtro**');
    await paletteClosed(page);
    // Opened again it is empty and lists its choices.
    await openPalette(page);
    expect(await palette(page).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Agregar mensaje al historial' }).waitFor();
    await page.getByRole('button', { name: 'Mis tareas' }).waitFor();
    await context.close();
  });

  it('on the case list j/k move along the rows, Enter opens the case, / goes to the search; nothing while typing', async () => {
    const { page, context } = await open(browser, person);
    await openCasos(page);
    const ids = await page.locator('table[aria-label="Casos"] tbody[data-caso]').evaluateAll((rows) => rows.slice(0, 2).map((row) => row.getAttribute('data-caso')));
    await page.keyboard.press('j');
    expect(await focusedText(page)).toBe(ids[0]);
    await page.keyboard.press('j');
    expect(await focusedText(page)).toBe(ids[1]);
    await page.keyboard.press('k');
    expect(await focusedText(page)).toBe(ids[0]);
    await expectNoAxeViolations(page, 'case list, a row focused by j');
    const opened = context.waitForEvent('page');
    await page.keyboard.press('Enter');
    const tab = await opened;
    await tab.waitForURL(`**/casos/detalleCaso/${ids[0]}`);
    await tab.close();

    await page.keyboard.press('/');
    const search = page.getByRole('textbox', { name: 'Búsqueda rápida' });
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('jk?');
    expect(await search.inputValue()).toBe('jk?');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("'?' opens the sheet that lists every shortcut", async () => {
    const { page } = await open(browser, person);
    await openCasos(page);
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Atajos de teclado' });
    await sheet.waitFor();
    for (const text of ['Abrir la paleta de comandos', 'bajar a la fila siguiente', 'subir a la fila anterior', 'abrir el caso de la fila', 'ir a la búsqueda rápida']) {
      await sheet.getByText(text, { exact: false }).waitFor();
    }
    await expectNoAxeViolations(page, "the '?' sheet (light)");
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });
});

/** Issue 44 item 6 (docs/decisions/101): dark scheme and compact rows, remembered by the server. */
describe('colour scheme and density', () => {
  it('switches to dark in Mi cuenta, stays dark after a reload and at the next sign-in elsewhere; axe clean in dark', async () => {
    const { page } = await open(browser, oscuro);
    await page.goto(`${baseUrl()}/mi-cuenta`);
    const esquema = page.getByRole('radiogroup', { name: 'Modo de color' });
    await esquema.waitFor();
    expect(await scheme(page)).toBe('light');
    await esquema.getByText('Oscuro').click();
    await expect.poll(() => scheme(page)).toBe('dark');
    await expect.poll(async () => (await apiCall<{ esquema: string }>(await apiLogin(baseUrl(), oscuro), 'GET', '/preferencias')).esquema).toBe('dark');
    await expectNoAxeViolations(page, 'Mi cuenta (dark)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/oscuro-mi-cuenta.png`, fullPage: true });

    // A reload is dark from its first paint: the attribute is there before the app's script runs.
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-mantine-color-scheme'));
    expect(await scheme(page)).toBe('dark');
    await page.getByRole('radiogroup', { name: 'Modo de color' }).waitFor();
    expect(await scheme(page)).toBe('dark');

    // Another browser (nothing stored): the sign-in applies the server's choice before the first screen.
    const other = await open(browser);
    await other.page.goto(baseUrl());
    expect(await scheme(other.page)).toBe('light');
    await expectNoAxeViolations(other.page, 'sign-in page (light)');
    await signIn(other.page, oscuro);
    await other.page.waitForURL('**/tablero');
    expect(await scheme(other.page)).toBe('dark');

    // The screens this change touched, in dark: the list (filters open and folded), a case, the palette, the sheet.
    await openCasos(other.page);
    await expectNoAxeViolations(other.page, 'case list (dark)');
    if (SHOTS) await other.page.screenshot({ path: `${SHOTS}/oscuro-casos.png` });
    await other.page.getByRole('button', { name: /^\+ Filtros/ }).click();
    await other.page.getByRole('button', { name: 'Ocultar filtros' }).waitFor();
    await expectNoAxeViolations(other.page, 'case list, filters open (dark)');
    if (SHOTS) await other.page.screenshot({ path: `${SHOTS}/oscuro-casos-filtros.png` });
    await other.page.getByRole('button', { name: 'Ocultar filtros' }).click();
    await openPalette(other.page);
    await other.page.keyboard.type(DOMINIO);
    await other.page.getByRole('button', { name: new RegExp(`^Caso ${idCaso}\\b`) }).waitFor();
    await expectNoAxeViolations(other.page, 'palette (dark)');
    if (SHOTS) await other.page.screenshot({ path: `${SHOTS}/oscuro-paleta.png` });
    await other.page.keyboard.press('Enter');
    await other.page.waitForURL(`**/casos/detalleCaso/${idCaso}`);
    await other.page.getByRole('button', { name: 'Ver Historial' }).first().waitFor();
    await expectNoAxeViolations(other.page, 'case detail (dark)');
    if (SHOTS) await other.page.screenshot({ path: `${SHOTS}/oscuro-detalle.png`, fullPage: true });
    await other.page.goto(`${baseUrl()}/tablero`);
    await other.page.getByRole('heading', { name: 'Tablero' }).waitFor();
    await expectNoAxeViolations(other.page, 'Tablero (dark)');
    if (SHOTS) await other.page.screenshot({ path: `${SHOTS}/oscuro-tablero.png`, fullPage: true });
    await other.page.keyboard.press('?');
    await other.page.getByRole('dialog', { name: 'Atajos de teclado' }).waitFor();
    await expectNoAxeViolations(other.page, "the '?' sheet (dark)");
    await other.context.close();

    // Back to light for the rest of the file.
    await page.getByRole('radiogroup', { name: 'Modo de color' }).getByText('Claro').click();
    await expect.poll(() => scheme(page)).toBe('light');
  });

  it('compact rows: the case list shows more rows in the same height, and it is remembered', async () => {
    const { page } = await open(browser, oscuro);
    await openCasos(page);
    const rowHeight = () => page.locator('table[aria-label="Casos"] tbody[data-caso] > tr').first().evaluate((row) => row.getBoundingClientRect().height);
    const comoda = await rowHeight();
    await openPalette(page);
    await page.keyboard.type('filas');
    await page.getByRole('button', { name: 'Filas: Compactas' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.densidad)).toBe('compacta');
    const compacta = await rowHeight();
    expect(compacta).toBeLessThan(comoda - 4);
    await expectNoAxeViolations(page, 'case list, compact rows');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/casos-compactas.png` });
    await expect.poll(async () => (await apiCall<{ densidad: string }>(await apiLogin(baseUrl(), oscuro), 'GET', '/preferencias')).densidad).toBe('compacta');
    await openCasos(page);
    expect(await rowHeight()).toBe(compacta);
  });
});
