import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { addDaysIso, todayIso } from '@siniestros/domain';
import { apiCall, seedCaso, seedCompania } from './seed';

/**
 * Issue 44 item 0, room for the rows (docs/decisions/090): the case list's filter panel folds to
 * one line of chips, and the detail's 'Ver Historial' covers nothing at any width or scroll.
 */

const TAG = Date.now().toString().slice(-6);
const COMPANIA = `Filas Seguros ${TAG}`;
const CASOS = 18;
const SHOTS = process.env.E2E_SHOTS_DIR;

let browser: Browser;
let idCaso = 0;

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin(baseUrl(), ADMIN);
  const idCompania = (await seedCompania(admin, COMPANIA)).id;
  const user = await apiLogin(baseUrl(), USERS.user);
  for (let index = 0; index < CASOS; index += 1) idCaso = await seedCaso(user, { idCompania });
  // Open tasks make the right-hand column of the detail long: the floating button sat over them at 1440 px.
  const yo = (await apiCall<{ id: number; yo?: boolean }[]>(user, 'GET', '/tareas/asignables')).find((usuario) => usuario.yo)!.id;
  for (let index = 1; index <= 12; index += 1) {
    await apiCall(user, 'POST', `/tareas/caso/${idCaso}`, {
      texto: `Llamar al tercero, intento ${index}`,
      vence: addDaysIso(todayIso(), index),
      id_usuario: yo,
    });
  }
});
afterAll(() => browser?.close());

/** The case rows whole inside the window. */
const rowsInView = (page: Page) =>
  page.evaluate(
    () =>
      Array.from(document.querySelectorAll('tbody[data-caso] > tr:first-child')).filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );

describe('the case list with its filter panel folded', () => {
  it('two filters applied then folded: one chip each, at least 15 rows in view at 1440×900, a chip removed filters again', async () => {
    const { page, context } = await open(browser, USERS.user, { width: 1440, height: 900 });
    await page.goto(`${baseUrl()}/casos`);
    await page.getByTestId('contador-vigentes').waitFor();
    const toggle = page.getByRole('button', { name: /^\+ Filtros/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const panel = page.getByLabel('Filtros', { exact: true });
    await panel.getByRole('combobox', { name: 'Compañia', exact: true }).click();
    await page.getByRole('option', { name: COMPANIA, exact: true }).click();
    await panel.getByRole('combobox', { name: 'Estado', exact: true }).click();
    await page.getByRole('option', { name: 'Pendiente Documentación', exact: true }).click();
    await panel.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => page.getByTestId('contador-filtrados').textContent()).toBe(String(CASOS));
    // Open, the panel leaves few rows: what the issue measured.
    const rowsOpen = await rowsInView(page);

    const fold = page.getByRole('button', { name: 'Ocultar filtros' });
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
    const controlled = await fold.getAttribute('aria-controls');
    expect(await page.locator(`#${controlled}`).count()).toBe(1);
    await fold.click();
    // Focus stays on the one toggle, now folded.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('+ Filtros (2)');
    const chips = page.getByRole('list', { name: 'Filtros aplicados' });
    expect(await chips.getByRole('listitem').allTextContents()).toEqual(['Estado: Pendiente Documentación', `Compañia: ${COMPANIA}`]);
    // The quick search stays on screen.
    expect(await page.getByRole('textbox', { name: 'Búsqueda rápida' }).isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/filas-plegado-1440.png` });
    await expect.poll(() => rowsInView(page)).toBeGreaterThanOrEqual(15);
    const rowsFolded = await rowsInView(page);
    console.log(`rows in view at 1440×900: ${rowsOpen} with the panel open, ${rowsFolded} folded`);
    await expectNoAxeViolations(page, 'case list folded with two chips');

    await chips.getByRole('button', { name: 'Quitar filtro Estado' }).click();
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual([`Compañia: ${COMPANIA}`]);
    expect(await page.getByRole('button', { name: '+ Filtros (1)' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('contador-filtrados').textContent()).toBe(String(CASOS));
    // Unfolded, the panel shows the filter the chips showed.
    await page.getByRole('button', { name: '+ Filtros (1)' }).click();
    expect(await panel.getByRole('combobox', { name: 'Estado', exact: true }).inputValue()).toBe('');
    expect(await panel.getByRole('combobox', { name: 'Compañia', exact: true }).inputValue()).toBe(COMPANIA);
    await page.getByRole('button', { name: 'Ocultar filtros' }).click();
    await expectNoAxeViolations(page, 'case list folded with one chip');

    // At 390 px the chips wrap under the buttons, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'case list folded at 390 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/filas-plegado-390.png` });
    await context.close();
  });
});

/**
 * The elements of the page that 'Ver Historial' hides: a control or a text whose box meets the
 * button's and that shows beside the button at its height (a floating button over a card leaves
 * the card's rest in view; a bar stuck to the window hides all of what passes under it).
 */
function coveredByHistorial(page: Page) {
  return page.evaluate(() => {
    const button = Array.from(document.querySelectorAll('button')).find((element) => element.textContent === 'Ver Historial')!;
    const bar = button.closest('[data-testid="caso-save-bar"]') ?? button;
    const b = button.getBoundingClientRect();
    const hasText = (element: Element) =>
      Array.from(element.childNodes).some((node) => node.nodeType === 3 && node.textContent!.trim() !== '');
    const isControl = (element: Element) =>
      element.matches('a, button, input, textarea, select, [role="button"], [role="checkbox"], [tabindex]');
    const covered: string[] = [];
    for (const element of Array.from(document.querySelectorAll('main *'))) {
      if (bar.contains(element) || element.contains(button) || !(isControl(element) || hasText(element))) continue;
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.left >= b.right || r.right <= b.left || r.top >= b.bottom || r.bottom <= b.top) continue;
      const y = (Math.max(r.top, b.top) + Math.min(r.bottom, b.bottom)) / 2;
      for (let x = Math.max(r.left, 0) + 1; x < Math.min(r.right, window.innerWidth); x += 4) {
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === element || element.contains(hit))) {
          covered.push(`${element.tagName} '${(element.textContent ?? '').trim().slice(0, 40)}' at ${Math.round(window.scrollY)}`);
          break;
        }
      }
    }
    return covered;
  });
}

describe("the case detail's 'Ver Historial'", () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 768, height: 1024 },
    { width: 390, height: 844 },
  ]) {
    it(`covers no control or text at ${viewport.width} px, from the top to the bottom of the page`, async () => {
      const { page, context } = await open(browser, USERS.user, viewport);
      await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
      await page.getByText('Datos del Caso').waitFor();
      const button = page.getByRole('button', { name: 'Ver Historial' });
      await button.waitFor();
      const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      const covered: string[] = [];
      for (let y = 0; y < height + 300; y += 300) {
        await page.evaluate((top) => window.scrollTo(0, top), Math.min(y, height));
        covered.push(...(await coveredByHistorial(page)));
      }
      expect(covered).toEqual([]);

      // At the bottom: the button's box meets none of the last card's controls. The page may have grown
      // since its height was read (a panel answering late): scrolled to its end as it is now.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const overlaps = await page.evaluate(() => {
        const button = Array.from(document.querySelectorAll('button')).find((element) => element.textContent === 'Ver Historial')!;
        const b = button.getBoundingClientRect();
        return Array.from(document.querySelectorAll('main a, main button, main input, main textarea'))
          .filter((element) => element !== button)
          .filter((element) => {
            const r = element.getBoundingClientRect();
            return r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
          })
          .map((element) => element.getAttribute('aria-label') ?? element.textContent);
      });
      expect(overlaps).toEqual([]);
      // The button stays in reach: in the window, and it opens the history.
      const box = (await button.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      await expectNoAxeViolations(page, `case detail at the bottom, ${viewport.width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/filas-detalle-abajo-${viewport.width}.png` });
      await button.click();
      await page.getByRole('dialog', { name: 'Historial' }).getByText('Alta caso').waitFor();
      await context.close();
    });
  }
});

/**
 * Issue 44 item 1, saved views (docs/decisions/096): the list's state in the URL, a view saved,
 * picked, made the default and shared; another user opens it and a copied URL. Two users of their
 * own, so their default view touches no other test's list.
 */
describe('saved views of the case list', () => {
  const VISTAS_COMPANIA = `Vistas Seguros ${TAG}`;
  const NOMBRE = `Vencidos ${TAG}`;
  const persona = (nombre: string) => ({
    apellido: 'Vistas',
    nombre,
    username: `${nombre.toLowerCase()}-${TAG}@e2e.local`,
    password: 'Vistas-E2E-Clave',
    rol: 2,
  });
  const ANA = persona('Ana');
  const BETO = persona('Beto');
  let admin = '';

  beforeAll(async () => {
    admin = await apiLogin(baseUrl(), ADMIN);
    for (const user of [ANA, BETO]) await apiCall(admin, 'POST', '/users', { ...user, password2: user.password });
    await apiCall(admin, 'PATCH', '/vistas/ajustes', { compartir: 'admin' });
    const idCompania = (await seedCompania(admin, VISTAS_COMPANIA)).id;
    const ana = await apiLogin(baseUrl(), ANA);
    for (let index = 0; index < 3; index += 1) await seedCaso(ana, { idCompania });
  });
  afterAll(async () => {
    if (admin) await apiCall(admin, 'PATCH', '/vistas/ajustes', { compartir: 'admin' });
  });

  const rowIds = (page: Page) => page.locator('tbody[data-caso]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-caso')));

  it('save a view, reload, pick it, make it the default, share it; another user opens it and a copied URL shows the same rows', async () => {
    const { page, context } = await open(browser, ANA);
    await page.goto(`${baseUrl()}/casos`);
    await page.getByTestId('contador-vigentes').waitFor();
    await page.getByRole('button', { name: /^\+ Filtros/ }).click();
    const panel = page.getByLabel('Filtros', { exact: true });
    await panel.getByRole('combobox', { name: 'Compañia', exact: true }).click();
    await page.getByRole('option', { name: VISTAS_COMPANIA, exact: true }).click();
    await panel.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => page.getByTestId('contador-filtrados').textContent()).toBe('3');
    // The filter is in the URL: a reload shows the same list.
    const copied = page.url();
    expect(new URL(copied).searchParams.get('compania')).toMatch(/^\d+$/);
    const rows = await rowIds(page);
    expect(rows).toHaveLength(3);
    await page.reload();
    await expect.poll(() => page.getByTestId('contador-filtrados').textContent()).toBe('3');
    expect(await rowIds(page)).toEqual(rows);

    // Save it; only the Admin may share for now.
    await page.getByRole('button', { name: 'Vistas' }).click();
    await page.getByRole('menuitem', { name: 'Guardar vista actual…' }).click();
    const guardar = page.getByRole('dialog', { name: 'Guardar vista actual' });
    expect(await guardar.getByLabel('Compartir con el equipo').count()).toBe(0);
    await guardar.getByLabel(/Nombre de la vista/).fill(NOMBRE);
    await guardar.getByLabel('Abrir al entrar al listado').check();
    await expectNoAxeViolations(page, "'Guardar vista actual' dialog");
    await guardar.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Vista guardada').waitFor();

    // Back to the whole list, then the view from the menu.
    await page
      .getByRole('button', { name: /Limpiar Filtros|Volver/ })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('contador-filtrados').count()).toBe(0);
    await page.getByRole('button', { name: 'Vistas' }).click();
    await expectNoAxeViolations(page, "'Vistas' menu open");
    await page.getByRole('menuitem', { name: new RegExp(NOMBRE) }).click();
    await expect.poll(() => page.getByTestId('contador-filtrados').textContent()).toBe('3');
    expect(page.url()).toBe(copied);

    // The default view opens on entry, when the URL names nothing.
    await page.goto(`${baseUrl()}/casos`);
    await expect.poll(() => page.getByTestId('contador-filtrados').textContent()).toBe('3');
    expect(page.url()).toBe(copied);

    // The Admin lets everyone share; Ana shares her view.
    const adminSession = await open(browser, ADMIN);
    await adminSession.page.goto(`${baseUrl()}/casos`);
    await adminSession.page.getByRole('button', { name: 'Vistas' }).click();
    await adminSession.page.getByRole('menuitem', { name: 'Administrar vistas…' }).click();
    const ajustes = adminSession.page.getByRole('dialog', { name: 'Administrar vistas' });
    // The switches show what the server keeps: they move once it answers.
    const todos = ajustes.getByLabel('Todos los usuarios pueden compartir vistas');
    await todos.click();
    await adminSession.page.getByText('Ajustes de vistas guardados').waitFor();
    await expect.poll(() => todos.isChecked()).toBe(true);
    await adminSession.context.close();

    await page.reload();
    await page.getByRole('button', { name: 'Vistas' }).click();
    await page.getByRole('menuitem', { name: 'Administrar vistas…' }).click();
    const administrar = page.getByRole('dialog', { name: 'Administrar vistas' });
    await administrar.getByLabel(`Compartir ${NOMBRE}`).click();
    await page.getByText('Vista actualizada').waitFor();
    await expect.poll(() => administrar.getByLabel(`Compartir ${NOMBRE}`).isChecked()).toBe(true);
    await expectNoAxeViolations(page, "'Administrar vistas' dialog");
    await administrar.getByRole('button', { name: 'Cerrar' }).click();
    await context.close();

    // Beto sees it under 'Compartidas', read-only, and opens it; the copied URL shows the same rows.
    const beto = await open(browser, BETO);
    await beto.page.goto(`${baseUrl()}/casos`);
    await beto.page.getByTestId('contador-vigentes').waitFor();
    await beto.page.getByRole('button', { name: 'Vistas' }).click();
    await beto.page.getByRole('menuitem', { name: new RegExp(`${NOMBRE}.*Vistas Ana`) }).click();
    await expect.poll(() => beto.page.getByTestId('contador-filtrados').textContent()).toBe('3');
    expect(await rowIds(beto.page)).toEqual(rows);
    await beto.page.getByRole('button', { name: 'Vistas' }).click();
    await beto.page.getByRole('menuitem', { name: 'Administrar vistas…' }).click();
    const ajena = beto.page.getByRole('dialog', { name: 'Administrar vistas' });
    expect(await ajena.getByLabel(`Compartir ${NOMBRE}`).count()).toBe(0);
    expect(await ajena.getByRole('button', { name: `Eliminar ${NOMBRE}` }).count()).toBe(0);
    await expectNoAxeViolations(beto.page, "another user's 'Administrar vistas'");
    await ajena.getByRole('button', { name: 'Cerrar' }).click();

    await beto.page.goto(copied);
    await expect.poll(() => beto.page.getByTestId('contador-filtrados').textContent()).toBe('3');
    expect(await rowIds(beto.page)).toEqual(rows);
    await expectNoAxeViolations(beto.page, 'case list opened from a copied URL');
    await beto.context.close();
  });
});
