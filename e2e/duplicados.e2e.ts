import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { CASO_MESSAGES, DUPLICADO_MESSAGES } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open, type Session } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/** Duplicates at intake (issue 41 item 4, docs/decisions/080): a copy of a case is shown its original first. */
const TAG = Date.now().toString().slice(-6);
const COMPANIA = `Duplicados Seguros ${TAG}`;
const RECLAMO = `66${TAG}`;
const DOMINIO = `AG${TAG}`;
const FECHA = { iso: '2026-09-15', typed: '15/09/2026' };

let browser: Browser;
let session: Session;
let page: Page;
let userCookie: string;
let idOriginal = 0;

async function pick(scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin(baseUrl(), ADMIN);
  const compania = await seedCompania(admin, COMPANIA);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  idOriginal = await seedCaso(userCookie, {
    idCompania: compania.id,
    reclamo_nro: RECLAMO,
    fecha_siniestro: FECHA.iso,
    terceros: [
      { apellido: 'Ibarra', nombre: 'Lucía', id_tipo_doc: 1, nro_doc: `32${TAG}`, marca_modelo: 'Renault Clio', dominio: DOMINIO },
    ],
  });
  session = await open(browser, USERS.user);
  page = session.page;
});
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

describe('a copy of a case at intake', () => {
  it("shows the case it may duplicate, with a link and the reasons, and 'Crear igualmente' creates it", async () => {
    await page.goto(`${baseUrl()}/casos/crearCaso`);
    // The copy is answered 409 on purpose (twice: before and after 'Volver'); the browser logs it.
    session.allow(/status of 409 \(Conflict\) \(http[^)]*\/api\/casos\/alta\)$/);
    const caso = page.getByRole('region', { name: 'Caso', exact: true });
    await pick(caso, 'Compañia', COMPANIA);
    await caso.getByLabel('Nro. Siniestro').fill(RECLAMO);
    await caso.getByLabel('Gestor').fill('Gestor Copia');
    await caso.getByLabel('Fecha del Siniestro').fill(FECHA.typed);
    await caso.getByLabel('Fecha Denuncia').fill('16/09/2026');
    const asegurado = page.getByRole('region', { name: 'Asegurado' });
    await asegurado.getByLabel('Apellido').fill('Copia');
    await asegurado.getByLabel('Nro. Documento').fill(`27${TAG}`);
    await asegurado.getByLabel('Marca y Modelo').fill('Ford Ka');
    await asegurado.getByLabel('Dominio').fill(`AH${TAG}`);
    await page.getByRole('button', { name: '+ Terceros' }).click();
    const tercero = page.getByRole('group', { name: 'Tercero 1' });
    await tercero.getByLabel('Apellido').fill('Ibarra');
    await tercero.getByLabel('Nro. Documento').fill(`40${TAG}`);
    await tercero.getByLabel('Marca y Modelo').fill('Renault Clio');
    // The same plate written another way.
    await tercero.getByLabel('Dominio').fill(`ag-${TAG.slice(0, 3)} ${TAG.slice(3)}`);
    await page.getByRole('button', { name: 'Crear', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: DUPLICADO_MESSAGES.dialog.title });
    await dialog.getByText(DUPLICADO_MESSAGES.posibles).waitFor();
    const link = dialog.getByRole('link', { name: new RegExp(`^Caso ${idOriginal} `) });
    expect(await link.getAttribute('href')).toBe(`/casos/detalleCaso/${idOriginal}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    await dialog.getByText(DUPLICADO_MESSAGES.detalle.reclamo(RECLAMO)).waitFor();
    await dialog.getByText(DUPLICADO_MESSAGES.detalle.dominio(DOMINIO, 'Ibarra')).waitFor();
    await expectNoAxeViolations(page, 'possible duplicates dialog at 1440 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'possible duplicates dialog at 390 px');
    await page.setViewportSize({ width: 1440, height: 900 });

    // 'Volver' keeps the form as it was; nothing was created.
    await dialog.getByRole('button', { name: DUPLICADO_MESSAGES.dialog.back }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('region', { name: 'Caso', exact: true }).getByLabel('Nro. Siniestro').inputValue()).toBe(RECLAMO);
    expect(page.url()).toMatch(/\/casos\/crearCaso$/);

    await page.getByRole('button', { name: 'Crear', exact: true }).click();
    await dialog.getByRole('button', { name: DUPLICADO_MESSAGES.dialog.confirm }).click();
    await page.getByText(CASO_MESSAGES.created).waitFor();
    await page.waitForURL(/\/casos\/detalleCaso\/\d+$/);
    const idCopia = Number(page.url().split('/').pop());
    expect(idCopia).toBeGreaterThan(idOriginal);
    const historial = await apiCall<{ msg: string }[]>(userCookie, 'GET', `/historial/${idCopia}`);
    expect(historial.map((row) => row.msg)).toContain(DUPLICADO_MESSAGES.history([idOriginal]));
  });
});
