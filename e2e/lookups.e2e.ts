import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, apiLogin } from './api';
import { baseUrl, launch, open } from './browser';
import { seedCompania } from './seed';

let browser: Browser;
let antes: string;

beforeAll(async () => {
  browser = await launch();
  antes = `Río Seguros ${Date.now()}`;
  await seedCompania(await apiLogin(baseUrl(), ADMIN), antes);
});
afterAll(() => browser?.close());

/** The option names of a select, read by opening it ([] while it has none yet: the caller polls). */
async function optionsOf(page: Page, label: string): Promise<string[]> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.click();
  const options = page.getByRole('option');
  const names = await options
    .first()
    .waitFor({ timeout: 3_000 })
    .then(
      () => options.allTextContents(),
      () => [],
    );
  await select.press('Escape');
  return names;
}

const POLL = { timeout: 20_000 };

describe('lookups after a reference edit', () => {
  it('a company renamed by the Admin reads with its new name in the case-list filter and the creation form, without a reload', async () => {
    const despues = `${antes} Cooperativa`;
    const { page, context } = await open(browser, ADMIN);
    // Both screens read the companies first, so they are cached when the name changes.
    await page.goto(`${baseUrl()}/casos`);
    await page.getByRole('button', { name: '+ Filtros' }).click();
    await expect.poll(() => optionsOf(page, 'Compañia'), POLL).toContain(antes);
    await page.getByRole('link', { name: 'Crear Caso' }).click();
    await expect.poll(() => optionsOf(page, 'Compañia'), POLL).toContain(antes);

    await page.getByRole('link', { name: 'Compañias' }).click();
    const row = page.getByRole('row', { name: new RegExp(antes) });
    await row.getByRole('button', { name: 'Ver' }).click();
    await page.getByRole('dialog').getByLabel('Nombre').fill(despues);
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Compañia actualizada exitosamente').waitFor();

    // In-app navigation only: the same page, the same query cache.
    await page.getByRole('link', { name: 'Casos', exact: true }).click();
    // The panel stays open: the browser remembers it (decision 090).
    await page.getByRole('button', { name: 'Ocultar filtros' }).waitFor();
    await expect.poll(() => optionsOf(page, 'Compañia'), POLL).toContain(despues);
    expect(await optionsOf(page, 'Compañia')).not.toContain(antes);
    await page.getByRole('link', { name: 'Crear Caso' }).click();
    await expect.poll(() => optionsOf(page, 'Compañia'), POLL).toContain(despues);
    expect(await optionsOf(page, 'Compañia')).not.toContain(antes);
    await context.close();
  });
});
