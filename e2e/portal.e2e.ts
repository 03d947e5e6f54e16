import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  PORTAL_ETAPAS,
  PORTAL_ITEM_ESTADOS_RECLAMANTE,
  PORTAL_MESSAGES,
  PORTAL_PAGINA,
  type PedidoRespuesta,
  type PortalDelCaso,
  type Requisito,
} from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open, type Session } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/**
 * The claimant's page (issue 42 item 4, docs/decisions/084) on a phone: the link the office sent,
 * the DNI, photos and PDFs per item (a retry after a dropped connection lands once), the rejection
 * reason, messages both ways; axe on every state at 390 and 1440 px.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;
const TAG = Date.now().toString().slice(-6);
const COMPANIA = `Portal Seguros ${TAG}`;
const RECLAMO = `77${TAG}`;
const DNI = `31${TAG}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const ITEMS = ['DNI del conductor', 'Cédula verde', 'Registro de conducir'];

let browser: Browser;
let session: Session;
let page: Page;
let userCookie: string;
let idCaso = 0;
let idTercero = 0;
let pedido: PedidoRespuesta;

/** axe at both widths, the page left at the phone's; screenshots when E2E_SHOTS_DIR is set. */
async function axeBothWidths(label: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${label} at ${viewport.width} px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/portal-${label.replace(/\W+/g, '-')}-${viewport.width}.png`, fullPage: true });
  }
}

const itemCard = (nombre: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: nombre, level: 3 }) });

const checklist = async () =>
  (await apiCall<PortalDelCaso>(userCookie, 'GET', `/casos/${idCaso}/portal`)).terceros.find((t) => t.id_tercero === idTercero)!;

/** A camera-sized photo (3000 × 2000 JPEG), drawn by the browser itself. */
async function bigPhoto(): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 3000, 2000);
    gradient.addColorStop(0, '#2a6');
    gradient.addColorStop(1, '#c42');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 3000, 2000);
    context.fillStyle = '#fff';
    context.font = '200px sans-serif';
    context.fillText('DNI frente', 300, 1000);
    return canvas.toDataURL('image/jpeg', 0.95);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The width and height a JPEG declares in its frame header (SOF0..SOF15 but DHT, JPG, DAC). */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset < jpeg.length) {
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error('no JPEG frame header');
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin(baseUrl(), ADMIN);
  const compania = await seedCompania(admin, COMPANIA);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  idCaso = await seedCaso(userCookie, {
    idCompania: compania.id,
    reclamo_nro: RECLAMO,
    terceros: [{ apellido: 'Sosa', nombre: 'Marta', id_tipo_doc: 1, nro_doc: DNI, marca_modelo: 'Fiat Cronos', dominio: `AD${TAG}` }],
  });
  idTercero = (await apiCall<{ terceros: { id: number }[] }>(userCookie, 'GET', `/casos/${idCaso}`)).terceros[0]!.id;
  const requisitos = await apiCall<Requisito[]>(admin, 'GET', '/portal-admin/requisitos');
  const ids = ITEMS.map((nombre) => requisitos.find((requisito) => requisito.nombre === nombre && requisito.id_producto === null)!.id);
  pedido = await apiCall<PedidoRespuesta>(userCookie, 'POST', `/casos/${idCaso}/portal/pedidos`, {
    id_tercero: idTercero,
    requisitos: ids,
  });
  session = await open(browser, undefined, PHONE);
  page = session.page;
});
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

describe('the claimant page on a phone', () => {
  it('a link that opens nothing says so, the same for any token', async () => {
    session.allow(/status of 404 \(Not Found\) \(http[^)]*\/api\/portal\/sesion\)$/);
    await page.goto(`${baseUrl()}/portal#t=${'A'.repeat(43)}`);
    await page.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.enlaceInvalido }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await axeBothWidths('enlace invalido');
  });

  it('the link asks the DNI first, and its token leaves the address bar', async () => {
    // The page is a small bundle of its own: it loads none of the staff app's scripts.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    expect(pedido.enlace).toMatch(/\/portal#t=[A-Za-z0-9_-]{43}$/);
    // As a link opened from the e-mail: a fresh load (from /portal, a new fragment alone would not load the page again).
    await page.goto('about:blank');
    await page.goto(pedido.enlace);
    await page.getByRole('heading', { name: PORTAL_PAGINA.dniTitulo, level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/portal-[\w-]+\.js$/);
    // Nothing personal before the DNI.
    await expect(page.getByText(RECLAMO).count()).resolves.toBe(0);
    await axeBothWidths('dni');

    session.allow(/status of 422 \(Unprocessable Entity\) \(http[^)]*\/api\/portal\/dni\)$/);
    await page.getByLabel(PORTAL_PAGINA.dniEtiqueta(0)).fill('12345678');
    await page.getByRole('button', { name: PORTAL_PAGINA.continuar }).click();
    await page.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.dniIncorrecto }).waitFor();
    await expect(page.getByLabel(PORTAL_PAGINA.dniEtiqueta(0)).getAttribute('aria-invalid')).resolves.toBe('true');
    await axeBothWidths('dni incorrecto');

    await page.getByLabel(PORTAL_PAGINA.dniEtiqueta(0)).fill(DNI);
    await page.getByRole('button', { name: PORTAL_PAGINA.continuar }).click();
    const titulo = page.getByRole('heading', { name: PORTAL_PAGINA.reclamo(RECLAMO, COMPANIA), level: 1 });
    await titulo.waitFor();
    // The new step is announced from its title.
    await expect(titulo.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    const etapas = page.getByRole('list').filter({ hasText: PORTAL_ETAPAS.pago });
    await expect(etapas.getByRole('listitem').count()).resolves.toBe(Object.keys(PORTAL_ETAPAS).length);
    await expect(etapas.locator('[aria-current="step"]').count()).resolves.toBe(1);
    for (const nombre of ITEMS) await itemCard(nombre).getByText(PORTAL_ITEM_ESTADOS_RECLAMANTE.pendiente, { exact: true }).waitFor();
    await axeBothWidths('reclamo');
  });

  it('a photo from the camera input travels at most 2000 px wide, a PDF as it is; both items read as received', async () => {
    const dni = itemCard('DNI del conductor');
    const camara = dni.getByLabel(PORTAL_PAGINA.sacarFoto);
    await expect(camara.getAttribute('capture')).resolves.toBe('environment');
    await expect(camara.getAttribute('accept')).resolves.toBe('image/*,application/pdf');
    await camara.setInputFiles({ name: 'IMG_20261128.jpg', mimeType: 'image/jpeg', buffer: await bigPhoto() });
    await dni.getByText(PORTAL_ITEM_ESTADOS_RECLAMANTE.recibido, { exact: true }).waitFor();
    await dni.getByText(`✓ ${PORTAL_PAGINA.enviado}`).waitFor();

    const cedula = itemCard('Cédula verde');
    const archivo = cedula.getByLabel(PORTAL_PAGINA.elegirArchivo);
    await expect(archivo.getAttribute('capture')).resolves.toBeNull();
    await archivo.setInputFiles({ name: 'cedula.pdf', mimeType: 'application/pdf', buffer: PDF });
    await cedula.getByText(PORTAL_ITEM_ESTADOS_RECLAMANTE.recibido, { exact: true }).waitFor();
    await cedula.getByText(PORTAL_PAGINA.archivosEnviados(1)).waitFor();
    await axeBothWidths('recibidos');

    const items = (await checklist()).items;
    const foto = items.find((item) => item.nombre === 'DNI del conductor')!;
    expect(foto.estado).toBe('recibido');
    // Typed and named by the item's type (DNI.jpg): the photo as the server keeps it.
    const nombre = foto.documentos.find((documento) => documento.startsWith('DNI'))!;
    const stored = await fetch(`${baseUrl()}/api/documentacion/downloadfile?id=${idCaso}&name=${encodeURIComponent(nombre)}`, {
      headers: { cookie: userCookie },
    });
    expect(stored.status).toBe(200);
    expect(jpegSize(Buffer.from(await stored.arrayBuffer()))).toEqual({ width: 2000, height: 1333 });
    expect(foto.documentos).toEqual([nombre]);
    expect(items.find((item) => item.nombre === 'Cédula verde')!.documentos).toHaveLength(1);
  });

  it('an upload whose answer is lost is retried with its key and lands once', async () => {
    const registro = itemCard('Registro de conducir');
    // The request reaches the server and is stored; its answer never reaches the phone.
    let dropped = 0;
    await page.route('**/api/portal/items/*/archivos', async (route) => {
      if (dropped > 0) return route.continue();
      dropped++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    session.allow(/net::ERR_CONNECTION_RESET/);
    await registro
      .getByLabel(PORTAL_PAGINA.elegirArchivo)
      .setInputFiles({ name: 'registro.pdf', mimeType: 'application/pdf', buffer: PDF });
    await registro.getByText(PORTAL_PAGINA.noSeEnvio).waitFor();
    await axeBothWidths('envio fallido');
    await registro.getByRole('button', { name: `${PORTAL_PAGINA.reintentar} registro.pdf` }).click();
    await registro.getByText(`✓ ${PORTAL_PAGINA.enviado}`).waitFor();
    await registro.getByText(PORTAL_PAGINA.archivosEnviados(1)).waitFor();
    await page.unroute('**/api/portal/items/*/archivos');
    expect(dropped).toBe(1);
    expect((await checklist()).items.find((item) => item.nombre === 'Registro de conducir')!.documentos).toHaveLength(1);
  });

  it('a rejected item shows why; messages go both ways; a reload keeps the session without the token', async () => {
    const cedula = (await checklist()).items.find((item) => item.nombre === 'Cédula verde')!;
    await apiCall(userCookie, 'PATCH', `/casos/${idCaso}/portal/items/${cedula.id}`, {
      decision: 'rechazar',
      motivo: 'Falta el dorso de la cédula',
      version: cedula.version,
    });

    await page.getByLabel(PORTAL_PAGINA.mensajeEtiqueta).fill('¿Sirve una foto del seguro del auto?');
    await page.getByRole('button', { name: PORTAL_PAGINA.enviar }).click();
    await page.getByRole('status').filter({ hasText: PORTAL_MESSAGES.mensajeEnviado }).waitFor();
    const propio = page.getByRole('listitem').filter({ hasText: '¿Sirve una foto del seguro del auto?' });
    await propio.getByText(PORTAL_PAGINA.autorReclamante, { exact: false }).waitFor();
    const enviados = await apiCall<{ autor: string; texto: string }[]>(
      userCookie,
      'GET',
      `/casos/${idCaso}/portal/mensajes?id_tercero=${idTercero}`,
    );
    expect(enviados.map((mensaje) => [mensaje.autor, mensaje.texto])).toEqual([['reclamante', '¿Sirve una foto del seguro del auto?']]);
    await apiCall(userCookie, 'POST', `/casos/${idCaso}/portal/mensajes`, {
      id_tercero: idTercero,
      texto: 'Sí, envíela junto con la cédula.',
    });

    await page.reload();
    await page.getByRole('heading', { name: PORTAL_PAGINA.reclamo(RECLAMO, COMPANIA), level: 1 }).waitFor();
    const rechazada = itemCard('Cédula verde');
    await rechazada.getByText(PORTAL_ITEM_ESTADOS_RECLAMANTE.rechazado, { exact: true }).waitFor();
    await rechazada.getByText('Falta el dorso de la cédula').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Sí, envíela junto con la cédula.' }).waitFor();
    await axeBothWidths('rechazado y mensajes');

    // Sending it again reopens the item.
    await rechazada
      .getByLabel(PORTAL_PAGINA.elegirArchivo)
      .setInputFiles({ name: 'cedula-dorso.pdf', mimeType: 'application/pdf', buffer: PDF });
    await rechazada.getByText(PORTAL_ITEM_ESTADOS_RECLAMANTE.recibido, { exact: true }).waitFor();
  });

  it("'Salir' ends the session: a reload asks for the link again", async () => {
    await page.getByRole('button', { name: PORTAL_PAGINA.salir }).click();
    await page.getByRole('alert').filter({ hasText: PORTAL_PAGINA.salio }).waitFor();
    await axeBothWidths('salio');
    session.allow(/status of 401 \(Unauthorized\) \(http[^)]*\/api\/portal\/estado\)$/);
    await page.reload();
    await page.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.sesionVencida }).waitFor();
  });
});
