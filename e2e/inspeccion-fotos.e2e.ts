import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FOTO_CHECKLIST_INICIAL, INSPECCION_FOTOS_MESSAGES, INSPECCION_MESSAGES, todayIso } from '@siniestros/domain';
import { FOTOS_JPEG } from '../apps/server/test/images';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/**
 * Issue 43 items 4 and 6 in Chromium: the inspector at 390 px takes three checklist photos (the
 * real compression on the page), closes the inspection; the case's Documentación has Foto,
 * Foto_02, Foto_03 and the Informe fotográfico, which opens (pdf.js, two photos a page) and is
 * offered 1, 2 or 4 a page; the Admin's 'Checklist de fotos'. axe at 390 and 1440 px.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.E2E_SHOTS_DIR;

let browser: Browser;
let userCookie: string;
let adminCookie: string;
let idCaso: number;
let idInspeccion: number;

async function axeAtBothSizes(page: Page, label: string) {
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page, `${label} at 1440`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/fotos-${label.replace(/\W+/g, '-')}-1440.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, `${label} at 390`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/fotos-${label.replace(/\W+/g, '-')}-390.png`, fullPage: true });
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  const idCompania = (await seedCompania(adminCookie, `Fotos Seguros ${Date.now()}`)).id;
  idCaso = await seedCaso(userCookie, { idCompania, lugar_siniestro: 'Av. Rivadavia 5000, CABA' });
  await apiCall(userCookie, 'PATCH', `/casos/avanza/${idCaso}`, {});
  const inspectores = await apiCall<{ id: number; apellido: string; nombre: string }[]>(userCookie, 'GET', '/inspector');
  const ramiro = inspectores.find((item) => item.apellido === USERS.inspector.apellido && item.nombre === USERS.inspector.nombre)!;
  idInspeccion = (
    await apiCall<{ id: number }>(userCookie, 'POST', `/inspeccion/${idCaso}`, {
      id_inspector: ramiro.id,
      fecha_inspeccion: todayIso(),
      direccion: 'Taller Sur, Av. Rivadavia 5000',
      detalle: 'Fotos de frente, trasera y daños',
    })
  ).id;
});
afterAll(() => browser?.close());

describe('the inspection photos and the Informe fotográfico', () => {
  it('the inspector at 390 px takes three checklist photos and closes the inspection', async () => {
    const { page, context } = await open(browser, USERS.inspector, PHONE);
    await page.goto(`${baseUrl()}/inspecciones/detalleInspeccion/${idInspeccion}`);
    const fotos = page.getByRole('region', { name: 'Fotos' });
    await fotos.getByText(`0 de ${FOTO_CHECKLIST_INICIAL.length} fotos`).waitFor();
    for (const item of FOTO_CHECKLIST_INICIAL) await fotos.getByText(item.nombre, { exact: true }).waitFor();

    await page.getByLabel('Resultado de la inspeccion').fill('Paragolpes trasero hundido, óptica rota.');
    await page.getByLabel('Monto de la Inspeccion').fill('98000');
    const requeridos = page.locator('input[type="file"][accept="image/*,application/pdf"]');
    expect(await requeridos.count()).toBe(2);
    await requeridos.nth(0).setInputFiles({ name: 'informe.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 informe') });
    await requeridos.nth(1).setInputFiles({ name: 'cotizacion.jpg', mimeType: 'image/jpeg', buffer: FOTOS_JPEG.rojo });

    // Every row's camera button is a file input that asks the phone for its back camera.
    expect(await fotos.locator('input[type="file"][accept="image/*"][capture="environment"]').count()).toBe(FOTO_CHECKLIST_INICIAL.length + 1);
    // Each shot from the row's camera button, as the phone hands the picture over.
    const tomas: [string, Buffer][] = [
      ['Frente', FOTOS_JPEG.rojo],
      ['Trasera', FOTOS_JPEG.verde],
      ['Daños', FOTOS_JPEG.azul],
    ];
    for (const [nombre, buffer] of tomas) {
      const boton = fotos.getByRole('button', { name: `Tomar foto: ${nombre}` });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), boton.click()]);
      await chooser.setFiles({ name: `${nombre}.jpg`, mimeType: 'image/jpeg', buffer });
      await fotos.getByRole('img', { name: `Foto: ${nombre}` }).waitFor();
    }
    await fotos.getByText(`3 de ${FOTO_CHECKLIST_INICIAL.length} fotos`).waitFor();
    // Daños takes several; Frente only one (retake instead).
    await fotos.getByRole('button', { name: 'Otra foto: Daños' }).waitFor();
    expect(await fotos.getByRole('button', { name: 'Tomar foto: Frente' }).count()).toBe(0);
    // The thumbnail is the compressed JPEG, drawn.
    expect(await fotos.getByRole('img', { name: 'Foto: Frente' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    expect(await noHorizontalScroll(page)).toBe(true);
    await axeAtBothSizes(page, 'cierre con fotos');

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(INSPECCION_MESSAGES.closed, { exact: true }).waitFor();
    await page.waitForURL(/\/inspecciones$/);
    await context.close();
  });

  it('the case shows Foto, Foto_02, Foto_03 and the Informe fotográfico, which opens', async () => {
    const { page, context } = await open(browser, USERS.user, PHONE);
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    const documentos = page.getByRole('list', { name: 'Documentos' });
    for (const nombre of ['Foto.jpg', 'Foto_02.jpg', 'Foto_03.jpg', 'Informe_Fotografico.pdf', 'Inspeccion.pdf', 'Repuestos.jpg']) {
      await documentos.getByRole('listitem', { name: nombre, exact: true }).waitFor();
    }
    expect(await documentos.getByRole('listitem', { name: /^Foto/ }).count()).toBe(3);

    // The filed report opens in the document viewer: 3 photos, 2 a page.
    await page.getByRole('button', { name: 'Acciones de Informe_Fotografico.pdf' }).click();
    await page.getByRole('menuitem', { name: 'Ver' }).click();
    const visor = page.getByRole('dialog', { name: /Informe_Fotografico\.pdf/ });
    await visor.getByText('Página 1 de 2').waitFor();
    await visor.getByRole('img', { name: /^Página 1 de 2 de / }).waitFor();
    await axeAtBothSizes(page, 'informe fotografico en el visor');
    await page.keyboard.press('Escape');
    await visor.waitFor({ state: 'hidden' });

    // From the inspection's result: 1, 2 or 4 a page, each a PDF in a new tab.
    await page.getByRole('button', { name: `Informe fotográfico de la inspección ${idInspeccion}` }).click();
    for (const [porPagina, paginas] of [
      [1, 3],
      [2, 2],
      [4, 1],
    ] as const) {
      const item = page.getByRole('menuitem', { name: porPagina === 1 ? '1 por página' : `${porPagina} por página` });
      const href = (await item.getAttribute('href'))!;
      expect(await item.getAttribute('target')).toBe('_blank');
      const response = await context.request.get(new URL(href, baseUrl()).toString());
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      const pdf = await response.body();
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(paginas);
    }
    await axeAtBothSizes(page, 'caso con informe fotografico');
    await context.close();
  });

  it("the Admin's 'Checklist de fotos' lists the shots and adds one", async () => {
    const { page, context } = await open(browser, ADMIN, DESKTOP);
    await page.goto(`${baseUrl()}/checklistFotos`);
    await page.getByRole('heading', { name: 'Checklist de fotos' }).waitFor();
    await page.getByRole('cell', { name: 'Cédula del vehículo', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Nuevo Ítem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Ítem' });
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await dialog.getByText('El nombre es requerido').waitFor();
    const nuevo = `Rueda de auxilio ${Date.now()}`;
    await dialog.getByLabel('Nombre').fill(nuevo);
    await dialog.getByRole('switch', { name: 'Activo' }).uncheck();
    await axeAtBothSizes(page, 'checklist nuevo item');
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await page.getByText(INSPECCION_FOTOS_MESSAGES.checklistCreado).waitFor();
    // Neither several photos nor active: 'No' twice on its row.
    await expect.poll(() => page.getByRole('row', { name: new RegExp(nuevo) }).getByRole('cell', { name: 'No', exact: true }).count()).toBe(2);
    // The menu's lower group has it.
    expect(await page.getByRole('link', { name: 'Checklist de fotos' }).count()).toBeGreaterThan(0);
    await axeAtBothSizes(page, 'checklist de fotos');
    // What the inspector's screen will ask: the active items only (the new one is inactive).
    const lista = await apiCall<{ nombre: string; activo: boolean }[]>(adminCookie, 'GET', '/fotos-checklist');
    expect(lista.filter((row) => row.activo)).toHaveLength(FOTO_CHECKLIST_INICIAL.length);
    await context.close();
  });
});
