import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { seedCaso, seedCompania } from './seed';

/** WCAG 1.4.10 Reflow: 1366×768 at 200 % zoom is 683×384 CSS pixels; 320 px is the criterion's width. */
const SIZES = [
  { width: 683, height: 384 },
  { width: 320, height: 568 },
];

let browser: Browser;
let idCaso: number;

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin(baseUrl(), ADMIN);
  const { id: idCompania } = await seedCompania(admin, `Reflow Seguros con un nombre largo ${Date.now()}`);
  const userCookie = await apiLogin(baseUrl(), USERS.user);
  idCaso = await seedCaso(userCookie, { idCompania });
});
afterAll(() => browser?.close());

/** Elements wider than the viewport that make the whole page scroll sideways (tables scroll in their own box). */
function pageOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((element) => !element.parentElement || element.parentElement.getBoundingClientRect().right <= window.innerWidth + 1)
      .slice(0, 8)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className.toString().split(' ').slice(0, 2).join('.')} → ${Math.round(element.getBoundingClientRect().right)}px`,
      );
  });
}

/** Fixed layers on screen other than the header: at these sizes they would cover the text under them. */
function fixedLayers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => getComputedStyle(element).position === 'fixed' && !element.closest('header'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 && box.height > 0 && box.right > 0 && box.bottom > 0 && box.left < window.innerWidth && box.top < window.innerHeight
        );
      })
      .map((element) => element.textContent ?? element.tagName),
  );
}

describe('reflow (WCAG 1.4.10)', () => {
  for (const size of SIZES) {
    it(`the case list and a case's detail scroll only up and down at ${size.width}×${size.height}`, async () => {
      const { page, context } = await open(browser, USERS.user, size);
      await page.goto(`${baseUrl()}/casos`);
      await page.locator('tbody[data-caso]').first().waitFor();
      await page.screenshot({ path: `/tmp/reflow-casos-${size.width}.png` });
      expect(await pageOverflow(page), 'case list').toEqual([]);
      // The toolbar wraps: every button whole and on screen.
      for (const name of ['Filtrar', '+ Filtros', 'Limpiar Filtros', 'Exportar']) {
        const button = page.getByRole('button', { name, exact: true });
        expect(
          await button.evaluate((element) => {
            const label = element.querySelector('.mantine-Button-label') ?? element;
            return label.scrollWidth <= label.clientWidth;
          }),
          name,
        ).toBe(true);
        expect((await button.boundingBox())!.x + (await button.boundingBox())!.width, name).toBeLessThanOrEqual(size.width);
      }
      await expectNoAxeViolations(page, `case list at ${size.width} px`);

      await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
      await page.getByText('Datos del Caso').waitFor();
      await page.screenshot({ path: `/tmp/reflow-detalle-${size.width}.png` });
      expect(await pageOverflow(page), 'case detail').toEqual([]);
      expect(await fixedLayers(page), 'case detail').toEqual([]);
      await expectNoAxeViolations(page, `case detail at ${size.width} px`);

      await page.goto(`${baseUrl()}/casos/crearCaso`);
      await page.getByText('Asegurado').first().waitFor();
      await page.screenshot({ path: `/tmp/reflow-crear-${size.width}.png` });
      expect(await pageOverflow(page), 'create form').toEqual([]);

      // The other lists: filters wrap, tables scroll in their own box.
      for (const [path, title] of [
        ['/casos/valores', 'Valores'],
        ['/audiencias/allaudiencias', 'Audiencias'],
        ['/inspecciones/allinspecciones', 'Inspecciones'],
      ] as const) {
        await page.goto(`${baseUrl()}${path}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await pageOverflow(page), path).toEqual([]);
        await expectNoAxeViolations(page, `${path} at ${size.width} px`);
      }
      await context.close();
    });
  }
});
