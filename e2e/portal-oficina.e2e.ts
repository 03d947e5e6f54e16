import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PORTAL_MESSAGES } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania, type SeedCompania, type SeedPersona } from './seed';
import { pdf, png } from './archivos';

/**
 * The office's side of the claimant portal (issue 42 items 1, 2 and 5): an Admin adds a required
 * document with its example picture; a User asks a case's third party for documents and gets the
 * link, the WhatsApp link and the printable letter; a file sent through the portal's API waits in
 * the Bandeja de recibidos, is seen in place (a photo turned, a PDF's pages: issue 44 item 4) and is accepted there.
 */
let browser: Browser;
let adminCookie: string;
let compania: SeedCompania;
const stamp = Date.now();
const REQUISITO = `Constancia de CUIL ${stamp}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.E2E_SHOTS_DIR;
const TERCERO_DNI = '30111222';

async function axeAtBothSizes(page: Page, label: string) {
  await expectNoAxeViolations(page, `${label} at 1440`);
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page, `${label} at 390`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/portal-oficina-${label.replace(/\W+/g, '-')}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/portal-oficina-${label.replace(/\W+/g, '-')}-1440.png`, fullPage: true });
}

type Requisito = { id: number; nombre: string; activo: boolean; tiene_ejemplo: boolean };

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  compania = await seedCompania(adminCookie, `Portal Seguros ${stamp}`);
});
afterAll(async () => {
  // Other journeys ask for documents on the same server: the requirement made here stops applying.
  const requisito = (await apiCall<Requisito[]>(adminCookie, 'GET', '/portal-admin/requisitos')).find((row) => row.nombre === REQUISITO);
  if (requisito) await apiCall(adminCookie, 'PATCH', `/portal-admin/requisitos/${requisito.id}`, { activo: false });
  await browser?.close();
});

describe('the office asks a claimant for documents and reviews what arrives', () => {
  it('an Admin adds a required document with its example picture; the settings are on the same screen', async () => {
    const admin = await open(browser, ADMIN);
    await admin.page.goto(`${baseUrl()}/documentacion-requerida`);
    const tabla = admin.page.getByRole('table', { name: 'Documentación requerida' });
    // The seeded default: the spec's document types for every product.
    await tabla
      .getByRole('row', { name: /Todos DNI/ })
      .first()
      .waitFor();
    await admin.page.getByRole('form', { name: 'Ajustes del portal' }).getByLabel('Días de validez del enlace').waitFor();
    await axeAtBothSizes(admin.page, 'Documentación requerida');

    await admin.page.getByRole('button', { name: 'Nuevo documento requerido' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Nuevo documento requerido' });
    await dialog.getByRole('combobox', { name: /^Tipo de documento/ }).click();
    await admin.page.getByRole('option', { name: 'Otros', exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Nombre/ }).fill(REQUISITO);
    await dialog.getByLabel('Explicación').fill('La constancia que se descarga de la página de ANSES.');
    await dialog.getByLabel('Orden').fill('99');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'ejemplo.png', mimeType: 'image/png', buffer: png(120, 80, [40, 90, 160]) });
    await axeAtBothSizes(admin.page, 'Nuevo documento requerido');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const fila = tabla.getByRole('row', { name: new RegExp(REQUISITO) });
    await fila.getByRole('img', { name: `Ejemplo: ${REQUISITO}` }).waitFor();
    // Drawn once decoded (0 wide until then: seen under load).
    await expect.poll(() => fila.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBe(120);
    await fila.getByRole('cell', { name: 'Siempre', exact: true }).waitFor();
  });

  it('a User asks a third party for documents and gets the link, WhatsApp and the letter; what the claimant sends is accepted in the Bandeja', async () => {
    const tercero = {
      apellido: 'Pérez',
      nombre: 'Juan',
      id_tipo_doc: 1,
      nro_doc: TERCERO_DNI,
      marca_modelo: 'Fiat Cronos',
      dominio: 'AC100ZZ',
      cel: '11 5555-1234',
      mail: `juan.${stamp}@example.com`,
    } as SeedPersona;
    const userCookie = await apiLogin(baseUrl(), USERS.user);
    const idCaso = await seedCaso(userCookie, { idCompania: compania.id, terceros: [tercero] });
    const requisitos = await apiCall<Requisito[]>(userCookie, 'GET', '/portal-admin/requisitos');
    const nuevo = requisitos.find((row) => row.nombre === REQUISITO)!;

    const user = await open(browser, USERS.user);
    await user.page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    const panel = user.page.getByRole('region', { name: 'Portal del reclamante' });
    await panel.getByText('No se le pidió documentación.').waitFor();
    await panel.getByRole('button', { name: 'Pedir documentación' }).click();
    const dialog = user.page.getByRole('dialog', { name: 'Pedir documentación' });
    // What applies and is missing comes marked: the new requirement among them (and the seeded ones).
    expect(await dialog.getByRole('checkbox', { name: REQUISITO }).isChecked()).toBe(true);
    const grupo = dialog.getByRole('group', { name: 'Documentos a pedir' });
    const documentos = grupo.getByRole('checkbox');
    expect(await grupo.getByRole('checkbox', { checked: true }).count()).toBeGreaterThan(1);
    // This request is for the new one alone.
    for (const documento of await documentos.all()) {
      if ((await documento.isChecked()) && (await documento.getAttribute('value')) !== String(nuevo.id)) await documento.uncheck();
    }
    expect(await grupo.getByRole('checkbox', { checked: true }).count()).toBe(1);
    expect(await dialog.getByRole('checkbox', { name: /^Enviar por correo/ }).isChecked()).toBe(true);
    await axeAtBothSizes(user.page, 'Pedir documentación');
    await dialog.getByRole('checkbox', { name: 'Enviar por WhatsApp' }).check();
    await dialog.getByRole('button', { name: 'Enviar pedido' }).click();

    const enlaceInput = dialog.getByRole('textbox', { name: 'Enlace para el reclamante' });
    await enlaceInput.waitFor();
    const enlace = await enlaceInput.inputValue();
    expect(enlace).toMatch(new RegExp(`^${baseUrl()}/portal#t=[A-Za-z0-9_-]{43}$`));
    // No SMTP on this server: the dialog says so, and the link is there to give by hand.
    expect(await dialog.getByText(PORTAL_MESSAGES.pedidoSinSmtp).count()).toBe(1);
    const whatsapp = dialog.getByRole('link', { name: /Enviar por WhatsApp/ });
    expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5491155551234\?text=/);
    expect(decodeURIComponent((await whatsapp.getAttribute('href'))!)).toContain(enlace);
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    expect(await whatsapp.getAttribute('rel')).toBe('noopener noreferrer');
    await dialog.getByRole('button', { name: 'Copiar enlace' }).waitFor();
    await axeAtBothSizes(user.page, 'Pedir documentación, enlace');

    // 'Imprimir carta': the letter with the QR code, alone on the printed page.
    await user.page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await dialog.getByRole('button', { name: 'Imprimir carta' }).click();
    await expect.poll(() => user.page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const carta = user.page.getByTestId('carta-pedido');
    expect(await carta.isVisible()).toBe(false);
    await user.page.emulateMedia({ media: 'print' });
    await carta.getByRole('img', { name: 'Código QR del enlace' }).waitFor();
    expect(await carta.textContent()).toContain(REQUISITO);
    expect(await carta.textContent()).toContain(enlace);
    expect(await user.page.getByRole('dialog', { name: 'Pedir documentación' }).isVisible()).toBe(false);
    if (SHOTS) await user.page.screenshot({ path: `${SHOTS}/portal-oficina-carta.png`, fullPage: true });
    await user.page.emulateMedia({ media: 'screen' });
    await dialog.locator('button', { hasText: /^Cerrar$/ }).click();

    // The panel: the item asked, pending, and the live link.
    const item = panel.getByRole('listitem', { name: REQUISITO });
    await item.getByText('Pendiente').waitFor();
    await panel.getByText(/^Enlace vigente, vence \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await axeAtBothSizes(user.page, 'Portal del reclamante');

    // The claimant sends the file through the portal's API (their page is e2e/portal.e2e.ts's).
    const token = enlace.split('#t=')[1]!;
    const sesion = await fetch(`${baseUrl()}/api/portal/sesion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(sesion.status).toBe(200);
    const portalCookie = sesion.headers.get('set-cookie')!.split(';')[0]!;
    const dni = await fetch(`${baseUrl()}/api/portal/dni`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: portalCookie },
      body: JSON.stringify({ dni: TERCERO_DNI }),
    });
    expect(dni.status).toBe(200);
    const estado = (await (await fetch(`${baseUrl()}/api/portal/estado`, { headers: { cookie: portalCookie } })).json()) as {
      items: { id: number; nombre: string }[];
    };
    const idItem = estado.items.find((candidato) => candidato.nombre === REQUISITO)!.id;
    const form = new FormData();
    form.append('clave', `e2e-${stamp}`);
    form.append('archivo', new Blob([new Uint8Array(png(300, 200, [200, 120, 40]))], { type: 'image/png' }), 'cuil.png');
    const subida = await fetch(`${baseUrl()}/api/portal/items/${idItem}/archivos`, {
      method: 'POST',
      headers: { cookie: portalCookie },
      body: form,
    });
    expect(subida.status, await subida.clone().text()).toBeLessThan(300);
    // And a PDF of two pages for the same item, after the photo.
    const otroForm = new FormData();
    otroForm.append('clave', `e2e-${stamp}-pdf`);
    otroForm.append('archivo', new Blob([new Uint8Array(pdf(2))], { type: 'application/pdf' }), 'cuil.pdf');
    const otraSubida = await fetch(`${baseUrl()}/api/portal/items/${idItem}/archivos`, {
      method: 'POST',
      headers: { cookie: portalCookie },
      body: otroForm,
    });
    expect(otraSubida.status, await otraSubida.clone().text()).toBeLessThan(300);

    // The Tablero counts it and leads to the Bandeja, where it waits with its case and file.
    await user.page.goto(`${baseUrl()}/tablero`);
    const cifra = user.page.getByRole('link', { name: /^Documentos recibidos sin revisar/ });
    await expect.poll(async () => Number((await cifra.textContent())!.replace(/\D/g, ''))).toBeGreaterThan(0);
    await cifra.click();
    await user.page.waitForURL('**/recibidos');
    const bandeja = user.page.getByRole('table', { name: 'Bandeja de recibidos' });
    const fila = bandeja.getByRole('row', { name: new RegExp(REQUISITO) });
    await fila.waitFor();
    expect(await fila.getByRole('link', { name: /^Siniestro / }).getAttribute('href')).toBe(`/casos/detalleCaso/${idCaso}`);
    await axeAtBothSizes(user.page, 'Bandeja de recibidos');
    // The picture opens in place.
    await fila.getByRole('button', { name: /\.png$/ }).click();
    const vista = user.page.getByRole('dialog', { name: /\.png$/ });
    const imagen = vista.getByRole('img', { name: /^Documento / });
    await expect.poll(() => imagen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await axeAtBothSizes(user.page, 'Bandeja, vista del documento');
    // A quarter turn: the picture (300 x 200) stands 200 x 300, still whole in the frame.
    await vista.getByRole('button', { name: 'Girar 90°' }).click();
    await expect.poll(() => imagen.evaluate((img: HTMLImageElement) => img.style.transform)).toContain('rotate(90deg)');
    const girada = (await imagen.evaluate((img: HTMLImageElement) => img.parentElement!.getBoundingClientRect().toJSON())) as DOMRect;
    expect(girada.height / girada.width).toBeCloseTo(1.5, 1);
    const marco = (await vista.getByRole('region', { name: /^Vista de / }).boundingBox())!;
    expect(girada.height).toBeLessThanOrEqual(marco.height + 1);
    await vista.locator('button', { hasText: /^Cerrar$/ }).click();
    await vista.waitFor({ state: 'hidden' });

    // The PDF the claimant sent opens in place too (issue 44 item 4): page by page, drawn by pdf.js.
    await fila.getByRole('button', { name: /\.pdf$/ }).click();
    const vistaPdf = user.page.getByRole('dialog', { name: /\.pdf$/ });
    await vistaPdf.getByText('Página 1 de 2').waitFor();
    const hoja = vistaPdf.getByRole('img', { name: /^Página 1 de 2 de .+\.pdf$/ });
    // Drawn, not blank: the middle of the page's red square is red.
    const pixel = () =>
      hoja.evaluate((canvas: HTMLCanvasElement) => {
        if (canvas.width === 0) return null;
        const [r, g, b] = canvas.getContext('2d')!.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data;
        return r! > 150 && g! < 80 && b! < 80 ? 'rojo' : `${r},${g},${b}`;
      });
    await expect.poll(pixel, { timeout: 15_000 }).toBe('rojo');
    const anchoAjustado = (await hoja.boundingBox())!.width;
    await vistaPdf.getByRole('button', { name: 'Ampliar' }).click();
    await expect.poll(async () => (await hoja.boundingBox())!.width / anchoAjustado).toBeCloseTo(1.25, 1);
    await vistaPdf.getByRole('button', { name: '100 %' }).click();
    await expect.poll(async () => Math.round((await hoja.boundingBox())!.width)).toBe(595);
    await vistaPdf.getByRole('button', { name: 'Ajustar' }).click();
    // The arrows turn the pages.
    await user.page.keyboard.press('ArrowRight');
    await vistaPdf.getByText('Página 2 de 2').waitFor();
    await vistaPdf.getByRole('img', { name: /^Página 2 de 2 de / }).waitFor();
    expect(await vistaPdf.getByRole('button', { name: 'Página siguiente' }).isDisabled()).toBe(true);
    await vistaPdf.getByRole('button', { name: 'Página anterior' }).click();
    await vistaPdf.getByText('Página 1 de 2').waitFor();
    await expect.poll(pixel, { timeout: 15_000 }).toBe('rojo');
    await axeAtBothSizes(user.page, 'Bandeja, vista de un PDF');
    // The item's photo is the document next to it.
    const haciaLaFoto = (await vistaPdf.getByRole('button', { name: 'Anterior', exact: true }).isDisabled()) ? 'Siguiente' : 'Anterior';
    await vistaPdf.getByRole('button', { name: haciaLaFoto, exact: true }).click();
    await user.page
      .getByRole('dialog', { name: /\.png$/ })
      .getByRole('img', { name: /^Documento / })
      .waitFor();
    await user.page
      .getByRole('dialog', { name: /\.png$/ })
      .locator('button', { hasText: /^Cerrar$/ })
      .click();
    // The side viewer gone and the page wide again before the next click (decision 104: the page narrows beside it).
    await user.page.getByRole('dialog', { name: /\.png$/ }).waitFor({ state: 'detached' });
    // 'Rechazar' asks the reason the claimant will read (not used here).
    await fila.getByRole('button', { name: `Rechazar ${REQUISITO}` }).click();
    const rechazo = user.page.getByRole('dialog', { name: 'Rechazar documento' });
    await rechazo.getByRole('radio', { name: 'La imagen no se lee bien' }).waitFor();
    await axeAtBothSizes(user.page, 'Rechazar documento');
    await rechazo.getByRole('button', { name: 'Cancelar' }).click();
    await rechazo.waitFor({ state: 'hidden' });
    await fila.getByRole('button', { name: `Aceptar ${REQUISITO}` }).click();
    await user.page.getByText(PORTAL_MESSAGES.itemAceptado).first().waitFor();
    await fila.waitFor({ state: 'detached' });

    // Back in the case: accepted, and everything asked is in.
    await user.page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await item.getByText('Aceptado').waitFor();
    // The case's Documentación opens the same viewer ('Ver'), on the PDF, with the photo beside it.
    const documentosDelCaso = user.page.getByRole('region', { name: 'Documentación', exact: true });
    await documentosDelCaso.getByRole('button', { name: /^Acciones de .+\.pdf$/ }).click();
    await user.page.getByRole('menuitem', { name: 'Ver' }).click();
    const vistaDelCaso = user.page.getByRole('dialog', { name: /\.pdf$/ });
    await vistaDelCaso.getByText('Página 1 de 2').waitFor();
    await vistaDelCaso
      .getByRole('button', { name: 'Siguiente', exact: true })
      .or(vistaDelCaso.getByRole('button', { name: 'Anterior', exact: true }))
      .first()
      .waitFor();
    await vistaDelCaso.locator('button', { hasText: /^Cerrar$/ }).click();
    await vistaDelCaso.waitFor({ state: 'hidden' });
    await panel.getByRole('button', { name: 'Avanzar a Coordinar Inspección' }).waitFor();

    // The claimant wrote; the handler reads it in the case and answers.
    const pregunta = `¿Sirve la constancia impresa? ${stamp}`;
    const escrito = await fetch(`${baseUrl()}/api/portal/mensajes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: portalCookie },
      body: JSON.stringify({ texto: pregunta }),
    });
    expect(escrito.status, await escrito.clone().text()).toBeLessThan(300);
    await panel.getByRole('button', { name: 'Mensajes con Juan Pérez' }).click();
    const mensajes = user.page.getByRole('dialog', { name: 'Mensajes con Juan Pérez' });
    await mensajes.getByText(pregunta).waitFor();
    const respuesta = `Sí, también sirve impresa ${stamp}`;
    await mensajes.getByRole('textbox', { name: /^Respuesta al reclamante/ }).fill(respuesta);
    await mensajes.getByRole('button', { name: 'Enviar mensaje' }).click();
    await mensajes.getByRole('listitem').filter({ hasText: respuesta }).waitFor();
    await axeAtBothSizes(user.page, 'Mensajes');
    await mensajes.locator('button', { hasText: /^Cerrar$/ }).click();

    // Everything asked is accepted: one click moves the case on from Pendiente Documentación.
    await panel.getByRole('button', { name: 'Avanzar a Coordinar Inspección' }).click();
    await expect.poll(() => user.page.getByTestId('caso-estado').textContent()).toBe('Coordinar Inspección');
    await panel.getByRole('button', { name: 'Avanzar a Coordinar Inspección' }).waitFor({ state: 'detached' });
  });
});
