import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, apiLogin, USERS } from './api';
import { pdf, png } from './archivos';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { seedCaso, seedCompania } from './seed';

/** Issue 44 item 4 (docs/decisions/099): the case's documents in a panel beside the list, a dialog on a phone. */
let browser: Browser;
let idCaso: number;
const SHOTS = process.env.E2E_SHOTS_DIR;

async function subir(cookie: string, tipo: string, nombre: string, mimeType: string, contenido: Buffer) {
  const form = new FormData();
  form.append('tipo', tipo);
  form.append('uploadFiles', new Blob([new Uint8Array(contenido)], { type: mimeType }), nombre);
  const response = await fetch(`${baseUrl()}/api/documentacion/t/${idCaso}`, { method: 'POST', headers: { cookie }, body: form });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin(baseUrl(), ADMIN);
  const { id: idCompania } = await seedCompania(admin, `Visor ${Date.now()}`);
  const user = await apiLogin(baseUrl(), USERS.user);
  idCaso = await seedCaso(user, { idCompania });
  await subir(user, 'Denuncia', 'denuncia.pdf', 'application/pdf', pdf(2));
  await subir(user, 'Foto', 'foto.png', 'image/png', png(300, 200, [40, 90, 160]));
});
afterAll(() => browser?.close());

async function verDocumento(page: Page, nombre: string) {
  await page.getByRole('listitem', { name: nombre }).getByRole('button', { name: `Acciones de ${nombre}` }).click();
  await page.getByRole('menuitem', { name: 'Ver' }).click();
}

describe('the document viewer', () => {
  it('at 1440 px: a panel beside the page, pages of the PDF, next to the picture, rotate, and the list usable meanwhile', async () => {
    const { page, context } = await open(browser, USERS.user);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    const documentos = page.getByRole('region', { name: 'Documentación', exact: true });
    await documentos.getByRole('listitem', { name: 'Denuncia.pdf' }).waitFor();
    await verDocumento(page, 'Denuncia.pdf');

    const visor = page.getByRole('dialog', { name: 'Denuncia.pdf' });
    await visor.waitFor();
    expect(await visor.getAttribute('aria-modal')).toBe('false');
    await visor.getByRole('img', { name: 'Página 1 de 2 de Denuncia.pdf' }).waitFor();
    // Beside the page, not over it: the documents' section ends left of the panel.
    const panel = (await visor.boundingBox())!;
    const lista = (await documentos.boundingBox())!;
    expect(lista.x + lista.width).toBeLessThanOrEqual(panel.x + 1);
    await expectNoAxeViolations(page, 'viewer as a side panel, a PDF');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/visor-panel-1440.png` });

    await visor.getByRole('button', { name: 'Página siguiente' }).click();
    await visor.getByRole('img', { name: 'Página 2 de 2 de Denuncia.pdf' }).waitFor();
    const zoom = await visor.getByTestId('visor-zoom').textContent();
    await visor.getByRole('button', { name: 'Ampliar' }).click();
    await expect.poll(() => visor.getByTestId('visor-zoom').textContent()).not.toBe(zoom);

    // The list stays usable while the panel is open: its menu opens and the page scrolls.
    await documentos.getByRole('button', { name: 'Acciones de Foto.png' }).click();
    await page.getByRole('menuitem', { name: 'Descargar' }).waitFor();
    await page.keyboard.press('Escape');

    await visor.getByRole('button', { name: 'Siguiente', exact: true }).click();
    const foto = page.getByRole('dialog', { name: 'Foto.png' });
    const imagen = foto.getByRole('img', { name: 'Documento Foto.png' });
    await expect.poll(() => imagen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await foto.getByRole('button', { name: 'Girar 90°' }).click();
    await expect.poll(() => imagen.evaluate((img: HTMLImageElement) => img.style.transform)).toContain('rotate(90deg)');
    await foto.getByRole('button', { name: 'Anterior', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'viewer as a side panel, a picture turned');

    await foto.getByRole('button', { name: 'Cerrar la vista previa' }).click();
    await foto.waitFor({ state: 'detached' });
    // The page has its whole width back.
    await expect.poll(async () => (await documentos.boundingBox())!.x + (await documentos.boundingBox())!.width).toBeGreaterThan(panel.x + 100);
    await context.close();
  });

  it('at 390 px: a full-screen dialog', async () => {
    const { page, context } = await open(browser, USERS.user);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await page.getByRole('listitem', { name: 'Denuncia.pdf' }).waitFor();
    await verDocumento(page, 'Denuncia.pdf');
    const visor = page.getByRole('dialog', { name: 'Denuncia.pdf' });
    await visor.getByRole('img', { name: 'Página 1 de 2 de Denuncia.pdf' }).waitFor();
    expect(await visor.getAttribute('aria-modal')).toBe('true');
    const caja = (await visor.boundingBox())!;
    expect(Math.round(caja.width)).toBe(390);
    await expectNoAxeViolations(page, 'viewer as a dialog on a phone');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/visor-390.png` });
    await visor.locator('button', { hasText: /^Cerrar$/ }).click();
    await visor.waitFor({ state: 'detached' });
    await context.close();
  });
});
