import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CASO_MESSAGES, type CasoDetalle } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/** docs/decisions/074: two people save the same case; the second is told, and keeps what they typed. */
let browser: Browser;
let adminCookie: string;
let userCookie: string;
let idCompania: number;

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  idCompania = (await seedCompania(adminCookie, `Dos Personas Seguros ${Date.now()}`)).id;
});
afterAll(() => browser?.close());

describe('two people editing one case', () => {
  it('the second save is refused with a dialog; reloading keeps their text on top of the first person\'s save', async () => {
    const id = await seedCaso(userCookie, { idCompania });
    const [primera, segunda] = await Promise.all([open(browser, ADMIN), open(browser, USERS.user)]);
    segunda.allow(/status of 409 .*\/api\/casos\/\d+\)/);
    for (const { page } of [primera, segunda]) {
      await page.goto(`${baseUrl()}/casos/detalleCaso/${id}`);
      await page.getByText('Datos del Caso').waitFor();
    }

    await primera.page.getByLabel('Gestor').fill('Gestor de la primera');
    await primera.page.getByRole('button', { name: 'Grabar' }).click();
    await primera.page.getByText(CASO_MESSAGES.updated).waitFor();

    // The second person's page still holds the copy read before that save.
    await segunda.page.getByLabel('Lugar del Siniestro').fill('Texto de la segunda persona');
    await segunda.page.getByRole('button', { name: 'Grabar' }).click();
    const dialog = segunda.page.getByRole('dialog', { name: 'Otra persona modificó este caso' });
    await dialog.getByText(CASO_MESSAGES.stale.caso).waitFor();
    await expectNoAxeViolations(segunda.page, 'stale save dialog');
    await dialog.getByRole('button', { name: 'Recargar conservando mis cambios' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => segunda.page.getByLabel('Gestor').inputValue()).toBe('Gestor de la primera');
    expect(await segunda.page.getByLabel('Lugar del Siniestro').inputValue()).toBe('Texto de la segunda persona');
    await segunda.page.getByText(CASO_MESSAGES.unsaved).waitFor();
    await segunda.page.getByRole('button', { name: 'Grabar' }).click();
    await segunda.page.getByText(CASO_MESSAGES.updated).waitFor();

    const saved = await apiCall<CasoDetalle>(userCookie, 'GET', `/casos/${id}`);
    expect(saved.caso).toMatchObject({ gestor: 'Gestor de la primera', lugar_siniestro: 'Texto de la segunda persona' });
    await Promise.all([primera.context.close(), segunda.context.close()]);
  });
});

describe('the analyst and the flags of an open case (docs/decisions/074)', () => {
  it("the detail's own analyst change and a flag toggled over unsaved edits leave its next save current", async () => {
    const id = await seedCaso(userCookie, { idCompania });
    const apellido = `Propio${Date.now()}`;
    const analista = await apiCall<{ data: { id: number } }>(adminCookie, 'POST', '/analistas', { nombre: 'Ana', apellido, id_usuario: null });
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/casos/detalleCaso/${id}`);
    await page.getByText('Datos del Caso').waitFor();

    await page.getByRole('combobox', { name: 'Analista' }).click();
    await page.getByRole('option', { name: `${apellido} Ana` }).click();
    await page.getByRole('button', { name: 'Grabar', exact: true }).click();
    await page.getByText(CASO_MESSAGES.updated).waitFor();
    await page.getByText(CASO_MESSAGES.updated).waitFor({ state: 'detached' });

    await page.getByLabel('Lugar del Siniestro').fill('Después de cambiar el analista');
    await Promise.all([
      page.waitForResponse((response) => response.url().includes(`/api/casos/flag/${id}`) && response.request().method() === 'PATCH' && response.ok()),
      page.getByText('Urgente', { exact: true }).click(),
    ]);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Urgente' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Lugar del Siniestro').inputValue()).toBe('Después de cambiar el analista');
    await page.getByRole('button', { name: 'Grabar', exact: true }).click();
    await page.getByText(CASO_MESSAGES.updated).waitFor();
    expect(await page.getByRole('dialog', { name: 'Otra persona modificó este caso' }).count()).toBe(0);

    const saved = await apiCall<CasoDetalle>(userCookie, 'GET', `/casos/${id}`);
    expect(saved.caso).toMatchObject({ id_analista: analista.data.id, lugar_siniestro: 'Después de cambiar el analista', urg: true });
    await context.close();
  });

  it("two people assigning the analyst from the list: the one who chose second is told, and the list shows the first one's", async () => {
    const id = await seedCaso(userCookie, { idCompania });
    const nuevo = (apellido: string) => apiCall<{ data: { id: number } }>(adminCookie, 'POST', '/analistas', { nombre: 'Ana', apellido, id_usuario: null });
    const [primero, segundo] = [`Primero${Date.now()}`, `Segundo${Date.now()}`];
    const idPrimero = (await nuevo(primero)).data.id;
    await nuevo(segundo);
    const { page, context, allow } = await open(browser, USERS.user);
    allow(/status of 409 .*\/api\/casos\/caso_ana\/\d+\)/);
    await page.goto(`${baseUrl()}/casos?nroCaso=${id}`);
    const analistaCell = page.locator(`tbody[data-caso="${id}"] > tr`).first().getByRole('button', { name: `Analista del caso ${id}` });
    await analistaCell.click();
    const dialog = page.getByRole('dialog', { name: 'Asignar Analista' });
    await dialog.getByRole('combobox', { name: 'Analista', exact: true }).click();
    await page.getByRole('option', { name: `${segundo} Ana`, exact: true }).click();

    // Meanwhile another person assigns the first one (the list's request, as that person's list sends it).
    await apiCall(adminCookie, 'PATCH', `/casos/caso_ana/${id}`, { id_analista: idPrimero, id_analista_visto: null });

    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(CASO_MESSAGES.analistaCambiado).waitFor();
    await expect.poll(() => analistaCell.textContent()).toContain(primero);
    const saved = await apiCall<CasoDetalle>(userCookie, 'GET', `/casos/${id}`);
    expect(saved.caso.id_analista).toBe(idPrimero);
    await context.close();
  });

  it("another person's analyst change makes the open form stale: it cannot put the old analyst back, and the text typed is kept", async () => {
    const id = await seedCaso(userCookie, { idCompania });
    const apellido = `Ajeno${Date.now()}`;
    const analista = await apiCall<{ data: { id: number } }>(adminCookie, 'POST', '/analistas', { nombre: 'Ana', apellido, id_usuario: null });
    const { page, context, allow } = await open(browser, USERS.user);
    allow(/status of 409 .*\/api\/casos\/\d+\)/);
    await page.goto(`${baseUrl()}/casos/detalleCaso/${id}`);
    await page.getByText('Datos del Caso').waitFor();

    // From the list (PATCH /casos/caso_ana), while this page holds the copy read before.
    await apiCall(adminCookie, 'PATCH', `/casos/caso_ana/${id}`, { id_analista: analista.data.id });
    await page.getByLabel('Lugar del Siniestro').fill('Escrito antes de enterarse');
    await page.getByRole('button', { name: 'Grabar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Otra persona modificó este caso' });
    await dialog.getByText(CASO_MESSAGES.stale.caso).waitFor();
    await dialog.getByRole('button', { name: 'Recargar conservando mis cambios' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => page.getByRole('combobox', { name: 'Analista' }).inputValue()).toBe(`${apellido} Ana`);
    expect(await page.getByLabel('Lugar del Siniestro').inputValue()).toBe('Escrito antes de enterarse');
    await page.getByRole('button', { name: 'Grabar', exact: true }).click();
    await page.getByText(CASO_MESSAGES.updated).waitFor();

    const saved = await apiCall<CasoDetalle>(userCookie, 'GET', `/casos/${id}`);
    expect(saved.caso).toMatchObject({ id_analista: analista.data.id, lugar_siniestro: 'Escrito antes de enterarse' });
    await context.close();
  });
});
