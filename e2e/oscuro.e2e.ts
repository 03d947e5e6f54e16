import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROL, todayIso } from '@siniestros/domain';
import { ADMIN, apiLogin } from './api';
import { axeFindings, baseUrl, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';
import { menuFor } from '../apps/web/src/app/shell/menu';

/**
 * Issue 44 item 6 (docs/decisions/101): every screen an Admin reaches, and the Inspector's agenda,
 * in the dark scheme with compact rows chosen as the user's preference, checked with axe (WCAG AA).
 * Users of this file's own: their look is theirs, no other file sees it.
 */
let browser: Browser;
let idCaso: number;
const stamp = Date.now();
const SHOTS = process.env.E2E_SHOTS_DIR;
const admin = { apellido: 'Nocturna', nombre: 'Admin', username: `nocturna.${stamp}@e2e.local`, password: 'Nocturna-E2E-Clave', rol: ROL.ADMIN };
const inspector = { apellido: 'Nocturno', nombre: 'Inspector', username: `nocturno.${stamp}@e2e.local`, password: 'Nocturno-E2E-Clave', rol: ROL.INSPECTOR };
const OSCURO_COMPACTO = { esquema: 'dark', densidad: 'compacta' };

beforeAll(async () => {
  browser = await launch();
  const root = await apiLogin(baseUrl(), ADMIN);
  const ids: number[] = [];
  for (const user of [admin, inspector]) {
    ids.push((await apiCall<{ user: { id: number } }>(root, 'POST', '/users', { ...user, password2: user.password })).user.id);
    await apiCall(await apiLogin(baseUrl(), user), 'PATCH', '/preferencias', OSCURO_COMPACTO);
  }
  const { id: idCompania } = await seedCompania(root, `Nocturna ${stamp}`);
  idCaso = await seedCaso(root, { idCompania });
  // The screens' highlights drawn too: a hearing today (its row and 'Hoy'), an unread notice (a task given to the Admin).
  await apiCall(root, 'POST', `/mediacion/${idCaso}`, { fechah: todayIso(), hora: '10:00', lugar: 'Centro de mediación' });
  await apiCall(root, 'POST', `/tareas/caso/${idCaso}`, { texto: 'Revisar de noche', vence: '2030-01-15', id_usuario: ids[0] });
});
afterAll(() => browser?.close());

const scheme = (page: Page) => page.evaluate(() => [document.documentElement.getAttribute('data-mantine-color-scheme'), document.documentElement.dataset.densidad]);

/** The screen drawn: its title, and nothing still loading. */
async function settle(page: Page) {
  await page.locator('main h1, main h2').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Informes, the Tablero and others draw a loader until their figures arrive: axe reads what the person reads.
  await page.waitForFunction(() => !document.querySelector('main .mantine-Loader-root, main .mantine-LoadingOverlay-root, main .mantine-Skeleton-root'), undefined, { timeout: 20_000 });
}

/** Every screen checked, each failure kept, so one run lists them all. */
async function walk(page: Page, screens: { label: string; url: string }[]) {
  const failures: string[] = [];
  for (const screen of screens) {
    await page.goto(`${baseUrl()}${screen.url}`);
    await settle(page);
    expect(await scheme(page), screen.label).toEqual(['dark', 'compacta']);
    failures.push(...(await axeFindings(page)).map((finding) => `${screen.label} (dark, compact): ${finding}`));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/oscuro-${screen.label.replace(/\W+/g, '-')}-${page.viewportSize()!.width}.png`, fullPage: true });
  }
  expect(failures).toEqual([]);
}

describe('dark scheme and compact rows on every screen', () => {
  it("an Admin's screens: the menu's, a case, Mi cuenta", async () => {
    const { page, context } = await open(browser, admin);
    const { main, admin: adminMenu } = menuFor(ROL.ADMIN);
    await walk(page, [
      ...[...main, ...adminMenu].map((entry) => ({ label: entry.label, url: entry.to })),
      { label: 'Caso', url: `/casos/detalleCaso/${idCaso}` },
      { label: 'Notificaciones', url: '/notificaciones' },
      { label: 'Mi cuenta', url: '/mi-cuenta' },
    ]);
    // The walk met the hearing of today, highlighted, in the list of hearings.
    await page.goto(`${baseUrl()}/audiencias/allaudiencias`);
    await page.locator('tr[data-today]').first().waitFor();
    await context.close();
  });

  it("the Inspector's agenda, on a phone", async () => {
    const { page, context } = await open(browser, inspector, { width: 390, height: 844 });
    await walk(page, [{ label: 'Agenda', url: '/inspecciones' }]);
    await context.close();
  });

  it('a few screens at 390 px', async () => {
    const { page, context } = await open(browser, admin, { width: 390, height: 844 });
    await walk(page, [
      { label: 'Casos', url: '/casos' },
      { label: 'Caso', url: `/casos/detalleCaso/${idCaso}` },
      { label: 'Tablero', url: '/tablero' },
    ]);
    await context.close();
  });
});
