import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { seedCaso, seedCompania } from './seed';

let browser: Browser;
let idCaso: number;
const RECLAMO = `88${Date.now().toString().slice(-6)}`;

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin(baseUrl(), ADMIN);
  const { id: idCompania } = await seedCompania(admin, `Teclado Seguros ${Date.now()}`);
  idCaso = await seedCaso(await apiLogin(baseUrl(), USERS.user), { idCompania, reclamo_nro: RECLAMO });
});
afterAll(() => browser?.close());

type Focused = { name: string; id: string; isObscured: boolean };

/**
 * The focused element (inside shadow roots too): its accessible-ish name, and whether a
 * fixed or sticky layer covers its centre (the header, the save bar: WCAG 2.2, 2.4.11 Focus Not Obscured).
 */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return { name: '', id: '', isObscured: false };
    const labels = 'labels' in element ? Array.from((element as HTMLInputElement).labels ?? []) : [];
    const name =
      (element.getAttribute('aria-label') ?? labels.map((label) => label.textContent).join(' ') ?? '').trim() ||
      (element.getAttribute('placeholder') ?? element.textContent ?? '').trim();
    const box = element.getBoundingClientRect();
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const root = element.getRootNode() as Document | ShadowRoot;
    // Obscured: what is drawn at its centre belongs to a fixed or sticky layer it is not part of.
    let layer = root.elementFromPoint(x, y);
    while (layer && !['fixed', 'sticky'].includes(getComputedStyle(layer).position)) layer = layer.parentElement;
    const isObscured = layer !== null && !layer.contains(element);
    return { name, id: element.id, isObscured };
  });
}

/** Tab (or Shift+Tab) until the focused element's name matches; fails past `max` presses. */
async function tabTo(page: Page, name: RegExp, { max = 40, back = false } = {}): Promise<Focused> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const current = await focused(page);
    expect(current.isObscured, `focus on '${current.name}' is hidden under another element`).toBe(false);
    if (name.test(current.name)) return current;
  }
  throw new Error(`${name} not reached with ${max} presses of Tab`);
}

describe('keyboard only', () => {
  it('signs in, finds and opens a case, toggles a flag, saves, and opens and closes a dialog', async () => {
    const { page, context } = await open(browser);
    await page.goto(baseUrl());
    await page.getByLabel('Usuario').waitFor();

    await tabTo(page, /^Usuario/);
    await page.keyboard.type(USERS.user.username);
    await tabTo(page, /^Contraseña/);
    await page.keyboard.type(USERS.user.password);
    await tabTo(page, /No soy un robot/);
    await page.keyboard.press('Space');
    await page.getByText('Verificado').waitFor();
    await tabTo(page, /^Ingresar$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tablero');
    await page.goto(`${baseUrl()}/casos`);
    await page.getByTestId('contador-vigentes').waitFor();

    // The first Tab stop skips the header and the menu.
    expect((await tabTo(page, /Saltar al contenido/, { max: 1 })).name).toBe('Saltar al contenido');
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('contenido');
    await tabTo(page, /Búsqueda rápida/, { max: 3 });
    await page.keyboard.type(RECLAMO);
    await page.keyboard.press('Enter');
    await page.locator(`tbody[data-caso="${idCaso}"]`).waitFor();
    await expect.poll(() => page.locator('tbody[data-caso]').count()).toBe(1);

    await tabTo(page, new RegExp(`^Abrir caso ${idCaso} \\(abre en una pestaña nueva\\)$`));
    const [detail] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    await detail.waitForURL(`**/casos/detalleCaso/${idCaso}`);
    await detail.getByText('Datos del Caso').waitFor();
    await detail.bringToFront();

    const urgente = detail.getByRole('checkbox', { name: 'Urgente' });
    await tabTo(detail, /^Urgente$/, { max: 30 });
    await Promise.all([
      detail.waitForResponse((response) => response.url().includes(`/api/casos/flag/${idCaso}`) && response.ok()),
      detail.keyboard.press('Space'),
    ]);
    await expect.poll(() => urgente.isChecked()).toBe(true);

    await tabTo(detail, /^Gestor/, { max: 40 });
    await detail.keyboard.press('ControlOrMeta+A');
    await detail.keyboard.type('Gestor por teclado');
    // Grabar sits in the sticky bar at the end of the form: every field on the way stays visible.
    await tabTo(detail, /^Grabar$/, { max: 150 });
    await detail.keyboard.press('Enter');
    await detail.getByText('Caso actualizado exitosamente').waitFor();

    await tabTo(detail, /^\+ Letrado$/, { max: 200, back: true });
    await detail.keyboard.press('Enter');
    const letrado = detail.getByRole('dialog', { name: 'Letrado' });
    await letrado.waitFor();
    await expect.poll(() => letrado.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await expectNoAxeViolations(detail, 'Letrado dialog opened by keyboard');
    await detail.keyboard.press('Escape');
    await letrado.waitFor({ state: 'detached' });
    // Focus is back on the button that opened it.
    expect((await focused(detail)).name).toBe('+ Letrado');

    const saved = await (await detail.request.get(`${baseUrl()}/api/casos/${idCaso}`)).json();
    expect(saved.caso.gestor).toBe('Gestor por teclado');
    expect((await (await detail.request.get(`${baseUrl()}/api/casos/flag/${idCaso}`)).json()).urg).toBe(true);
    await context.close();
  });
});
