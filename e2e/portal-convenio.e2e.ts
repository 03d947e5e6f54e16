import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ParsedMail } from 'mailparser';
import {
  ADVANCE_LABELS,
  ADVANCE_TOASTS,
  CICLO_MESSAGES,
  ESTADO,
  PORTAL_CONVENIO,
  PORTAL_CONVENIO_CORREO,
  PORTAL_CONVENIO_MESSAGES,
  PORTAL_CONVENIO_OFICINA,
  PORTAL_CONVENIO_PAGINA,
  PORTAL_ITEM_ESTADOS_RECLAMANTE,
  PORTAL_MESSAGES,
  PORTAL_PAGINA,
  type PortalAjustes,
  type PortalDelCaso,
} from '@siniestros/domain';
import { startSmtpCapture } from '../apps/server/test/smtp';
import { ADMIN, apiLogin, USERS } from './api';
import { expectNoAxeViolations, launch, open, type Session } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';
import { createUsers, freePort, startProductionServer, type ProductionServer } from './server';

/**
 * The convenio a distancia (issue 42 item 7, decision 084): a case at Convenio; the handler
 * publishes the convenio from 'Seleccionar Convenios' to the first third party (no link yet: a new
 * one, copied from the result) and from the portal panel to the second. The first claimant, on a
 * phone, opens the PDF and sends a photo of the signed copy; the second signs electronically with
 * their DNI and the code e-mailed to them. The handler accepts, sends the case to Espera Convenio
 * Firmado and, from the portal panel, 'Se recibe Convenio'. Axe on the new states at 390 and 1440 px.
 *
 * The server is this file's own, its SMTP on loopback (the code arrives by e-mail), with
 * LibreOffice where installed (the files published as PDF).
 */
const TAG = Date.now().toString().slice(-6);
const OFICINA = 'Estudio Convenios del Plata';
const COMPANIA = `Aseguradora Convenio ${TAG}`;
const RECLAMO = `57${TAG}`;
const CBU = '2850590940090418135201';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.E2E_SHOTS_DIR;
const PLANTILLA = 'Daños Titular sin Letrado';

const FOTO = { apellido: 'Sosa', nombre: 'Marta', dni: `30${TAG}`, mail: `marta.${TAG}@correo.test`, dominio: `AF${TAG.slice(0, 3)}QR` };
const FIRMA = { apellido: 'Ríos', nombre: 'Pablo', dni: `31${TAG}`, mail: `pablo.${TAG}@correo.test`, dominio: `AG${TAG.slice(0, 3)}QR` };
type Persona = typeof FOTO;
const nombreDe = (persona: Persona) => `${persona.nombre} ${persona.apellido}`;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let dataDir: string;
let server: ProductionServer;
let browser: Browser;
let handler: Session;
let userCookie = '';
let idCaso = 0;
const enlaces = new Map<Persona, string>();

const origin = () => server.baseUrl;
const datosCorreo = (persona: Persona) => ({
  nombre: `${persona.nombre} ${persona.apellido}`,
  org: OFICINA,
  reclamo: RECLAMO,
  compania: COMPANIA,
});

/** The e-mail to this person with this subject (the latest, once it arrives). */
async function correo(persona: Persona, asunto: string): Promise<ParsedMail> {
  const find = () => smtp.received.findLast(({ to, mail }) => to.includes(persona.mail) && mail.subject === asunto)?.mail;
  await expect.poll(() => find() !== undefined, { timeout: 30_000, interval: 200 }).toBe(true);
  return find()!;
}

/** axe at both widths, the page left at `last`; screenshots when E2E_SHOTS_DIR is set. */
async function axeBothWidths(page: Page, label: string, last = PHONE) {
  for (const viewport of last === PHONE ? [DESKTOP, PHONE] : [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${label} at ${viewport.width} px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/convenio-${label.replace(/\W+/g, '-')}-${viewport.width}.png`, fullPage: true });
  }
}

const panelDelPortal = (page: Page) => page.getByRole('region', { name: 'Portal del reclamante' });
/** A third party's part of the portal panel: its link, checklist and convenio. */
const checklistDe = (page: Page, persona: Persona): Locator =>
  panelDelPortal(page).getByRole('group', { name: nombreDe(persona), exact: true });
const bloqueConvenio = (page: Page, persona: Persona): Locator =>
  checklistDe(page, persona).getByRole('group', { name: 'Convenio en el portal' });
const estadoDelCaso = (page: Page) => page.getByTestId('caso-estado').textContent();

async function portalDe(persona: Persona) {
  const portal = await apiCall<PortalDelCaso>(userCookie, 'GET', `/casos/${idCaso}/portal`, undefined, origin());
  return portal.terceros.find((tercero) => tercero.nombre === nombreDe(persona))!;
}

/** The claimant's phone: the link opened fresh, the DNI typed, the claim's page. */
async function abrirPortal(persona: Persona): Promise<Session> {
  const claimant = await open(browser, undefined, PHONE, origin());
  await claimant.page.goto(enlaces.get(persona)!);
  await claimant.page.getByRole('heading', { name: PORTAL_PAGINA.dniTitulo, level: 1 }).waitFor();
  await claimant.page.getByLabel(PORTAL_PAGINA.dniEtiqueta(0)).fill(persona.dni);
  await claimant.page.getByRole('button', { name: PORTAL_PAGINA.continuar }).click();
  await claimant.page.getByRole('heading', { name: PORTAL_PAGINA.reclamo(RECLAMO, COMPANIA), level: 1 }).waitFor();
  return claimant;
}

/** A photo of the signed page (JPEG), drawn by the browser itself. */
async function fotoFirmada(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 1600;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#f4f1e8';
    context.fillRect(0, 0, 1200, 1600);
    context.fillStyle = '#123';
    context.font = '60px serif';
    context.fillText('Convenio firmado', 200, 400);
    context.fillText('Marta Sosa', 600, 1400);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-e2e-convenio-'));
  const port = await freePort();
  server = await startProductionServer({
    port,
    dataDir,
    env: { ...smtp.settings, APP_URL: `http://127.0.0.1:${port}`, ORG_NAME: OFICINA },
  });
  await createUsers(origin());
  const admin = await apiLogin(origin(), ADMIN);
  const compania = await seedCompania(admin, COMPANIA, origin());
  await apiCall(admin, 'POST', '/respo', { nombre: `Responsabilidad Convenio ${TAG}` }, origin());
  const responsabilidades = await apiCall<{ id: number; nombre: string }[]>(admin, 'GET', '/respo', undefined, origin());
  const idResponsabilidad = responsabilidades.find((respo) => respo.nombre === `Responsabilidad Convenio ${TAG}`)!.id;
  // The office signs at a distance: the electronic signature on.
  const ajustes = await apiCall<PortalAjustes>(admin, 'GET', '/portal-admin/ajustes', undefined, origin());
  await apiCall(admin, 'PATCH', '/portal-admin/ajustes', { ...ajustes, firma_electronica: true }, origin());

  userCookie = await apiLogin(origin(), USERS.user);
  idCaso = await seedCaso(userCookie, {
    origin: origin(),
    idCompania: compania.id,
    reclamo_nro: RECLAMO,
    terceros: [FOTO, FIRMA].map((persona) => ({
      apellido: persona.apellido,
      nombre: persona.nombre,
      id_tipo_doc: 1,
      nro_doc: persona.dni,
      marca_modelo: 'Fiat Cronos',
      dominio: persona.dominio,
      cbu: CBU,
      mail: persona.mail,
    })),
  });
  // To Convenio through the API: documentation, no inspection, the offer, its acceptance.
  await apiCall(userCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: ESTADO.INICIAL }, origin());
  await apiCall(userCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: ESTADO.INSPECCION }, origin());
  await apiCall(
    userCookie,
    'PATCH',
    `/casos/analisis/${idCaso}`,
    { id_responsabilidad: idResponsabilidad, valor_ofertado: '250000', analisis: 'Responsabilidad del asegurado.' },
    origin(),
  );
  await apiCall(userCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: ESTADO.OFRECIMIENTO, valor_acordado: '250000' }, origin());

  browser = await launch();
  handler = await open(browser, USERS.user, DESKTOP, origin());
});
afterAll(async () => {
  await handler?.context.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the convenio a distancia, from publishing to Se recibe Convenio', () => {
  it("the handler publishes from 'Seleccionar Convenios': the third party had no link, so a new one is shown once and e-mailed", async () => {
    const { page } = handler;
    await page.goto(`${origin()}/casos/detalleCaso/${idCaso}`);
    await expect.poll(() => estadoDelCaso(page)).toBe('Convenio');
    await page.getByRole('button', { name: 'Seleccionar Convenios' }).click();
    const dialog = page.getByRole('dialog', { name: 'Seleccionar Convenios' });
    await dialog.getByLabel('Tercero').click();
    await page.getByRole('option', { name: new RegExp(`^${FOTO.nombre} ${FOTO.apellido}`) }).click();
    await dialog.getByLabel(PLANTILLA).check();
    await expect(dialog.getByLabel('CBU del tercero').inputValue()).resolves.toBe(CBU);
    await expectNoAxeViolations(page, "'Seleccionar Convenios' with 'Publicar en el portal'");
    await dialog.getByRole('button', { name: PORTAL_CONVENIO_OFICINA.publicar }).click();

    const resultado = page.getByRole('dialog', { name: PORTAL_CONVENIO_OFICINA.publicarTitulo });
    await resultado.getByText(PORTAL_CONVENIO_OFICINA.enlaceNuevo).waitFor();
    await resultado.getByText('Se envió el enlace por correo electrónico.').waitFor();
    const enlace = await resultado.getByRole('textbox', { name: 'Enlace para el reclamante' }).inputValue();
    expect(enlace).toMatch(/\/portal#t=[A-Za-z0-9_-]{43}$/);
    await resultado.getByRole('button', { name: 'Copiar enlace' }).click();
    await resultado.getByRole('button', { name: 'Enlace copiado' }).waitFor();
    await expectNoAxeViolations(page, 'the published convenio with its new link');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/convenio-publicado-enlace-nuevo-1440.png` });
    await resultado.getByRole('button', { name: 'Cerrar' }).last().click();
    enlaces.set(FOTO, enlace);

    // The e-mail carries the same link.
    const mail = await correo(FOTO, PORTAL_CONVENIO_CORREO.asunto(datosCorreo(FOTO)));
    expect(mail.text).toContain(enlace);

    // The panel: the file published (as PDF: LibreOffice is installed), by whom, no signature yet.
    const bloque = bloqueConvenio(page, FOTO);
    await bloque.getByText(/^Publicado el .* por /).waitFor();
    await bloque.getByRole('button', { name: /\.pdf$/ }).waitFor();
    await bloque.getByText(PORTAL_CONVENIO_OFICINA.sinFirma).waitFor();
    await checklistDe(page, FOTO).getByText(PORTAL_CONVENIO.itemNombre, { exact: true }).waitFor();
  });

  it('from the portal panel, for the other third party', async () => {
    const { page } = handler;
    const bloque = bloqueConvenio(page, FIRMA);
    await bloque.getByText(PORTAL_CONVENIO_OFICINA.sinPublicar).waitFor();
    await bloque.getByRole('button', { name: `Publicar convenio para ${nombreDe(FIRMA)}` }).click();
    const dialog = page.getByRole('dialog', { name: PORTAL_CONVENIO_OFICINA.publicarTitulo });
    await dialog.getByLabel(PLANTILLA).check();
    await dialog.getByRole('button', { name: PORTAL_CONVENIO_OFICINA.publicar }).click();
    const enlace = await dialog.getByRole('textbox', { name: 'Enlace para el reclamante' }).inputValue();
    enlaces.set(FIRMA, enlace);
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await bloque.getByRole('button', { name: /\.pdf$/ }).waitFor();
    await panelDelPortal(page).scrollIntoViewIfNeeded();
    await axeBothWidths(page, 'panel con convenios', DESKTOP);
  });

  it('the first claimant, on a phone, opens the PDF and sends a photo of the signed copy', async () => {
    const claimant = await abrirPortal(FOTO);
    const { page } = claimant;
    const seccion = page.getByRole('region', { name: PORTAL_CONVENIO_PAGINA.titulo });
    const archivo = seccion.getByRole('link', { name: /^Ver el convenio \(PDF, \d+ KB\)$/ });
    const href = (await archivo.getAttribute('href'))!;
    expect(await archivo.getAttribute('target')).toBe('_blank');
    // The file as the phone's browser gets it (the portal's cookie goes along).
    const respuesta = await page.request.get(new URL(href, origin()).toString());
    expect(respuesta.status()).toBe(200);
    expect(respuesta.headers()['content-type']).toBe('application/pdf');
    expect(respuesta.headers()['content-disposition']).toMatch(/^inline/);
    expect((await respuesta.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await seccion.getByRole('heading', { name: PORTAL_CONVENIO_PAGINA.firmaTitulo }).waitFor();
    await axeBothWidths(page, 'convenio para firmar');

    const tarjeta = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: PORTAL_CONVENIO.itemNombre, level: 3 }) });
    await tarjeta
      .getByLabel(PORTAL_PAGINA.sacarFoto)
      .setInputFiles({ name: 'IMG_firma.jpg', mimeType: 'image/jpeg', buffer: await fotoFirmada(page) });
    await tarjeta.getByText(PORTAL_ITEM_ESTADOS_RECLAMANTE.recibido, { exact: true }).waitFor();
    await axeBothWidths(page, 'convenio enviado');
    await claimant.context.close();

    const item = (await portalDe(FOTO)).items.find((candidato) => candidato.nombre === PORTAL_CONVENIO.itemNombre)!;
    expect(item.estado).toBe('recibido');
    expect(item.documentos).toEqual([expect.stringMatching(/^Convenio(_\d+)?\.jpg$/)]);
  });

  it('the second signs electronically: the code by e-mail, a wrong one refused next to its field, then signed', async () => {
    const claimant = await abrirPortal(FIRMA);
    const { page } = claimant;
    const firma = page.getByRole('form', { name: PORTAL_CONVENIO_PAGINA.firmaTitulo });
    await firma.getByLabel(PORTAL_CONVENIO_PAGINA.acepto).check();
    await firma.getByRole('button', { name: PORTAL_CONVENIO_PAGINA.enviarCodigo }).click();
    await firma
      .getByRole('status')
      .filter({ hasText: /Le enviamos un código/ })
      .waitFor();
    const mail = await correo(FIRMA, PORTAL_CONVENIO_CORREO.codigoAsunto(datosCorreo(FIRMA)));
    // On a line of its own (the claim's number and the insurer's name carry digits too).
    const codigo = /^(\d{6})$/m.exec(mail.text ?? '')![1]!;
    await axeBothWidths(page, 'firma codigo enviado');

    claimant.allow(/status of 422 \(Unprocessable Entity\) \(http[^)]*\/api\/portal\/convenio\/firma\)$/);
    await firma.getByLabel(PORTAL_CONVENIO_PAGINA.dniEtiqueta).fill(FIRMA.dni);
    await firma.getByLabel(PORTAL_CONVENIO_PAGINA.codigoEtiqueta).fill(codigo === '000000' ? '111111' : '000000');
    await firma.getByRole('button', { name: PORTAL_CONVENIO_PAGINA.firmar }).click();
    await firma.getByRole('alert').filter({ hasText: PORTAL_CONVENIO_MESSAGES.codigoInvalido }).waitFor();
    await expect(firma.getByLabel(PORTAL_CONVENIO_PAGINA.codigoEtiqueta).getAttribute('aria-invalid')).resolves.toBe('true');
    await axeBothWidths(page, 'firma codigo incorrecto');

    await firma.getByLabel(PORTAL_CONVENIO_PAGINA.codigoEtiqueta).fill(codigo);
    await firma.getByRole('button', { name: PORTAL_CONVENIO_PAGINA.firmar }).click();
    const seccion = page.getByRole('region', { name: PORTAL_CONVENIO_PAGINA.titulo });
    await seccion.getByText(/^✓ Firmó el convenio el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/).waitFor();
    await seccion.getByText(PORTAL_CONVENIO_MESSAGES.firmado).waitFor();
    await axeBothWidths(page, 'firmado');
    await claimant.context.close();

    const tercero = await portalDe(FIRMA);
    expect(tercero.convenio!.firma).toMatchObject({ destino: FIRMA.mail });
    // The certificate is the item's document, a 'Convenio' of the case.
    expect(tercero.items.find((item) => item.nombre === PORTAL_CONVENIO.itemNombre)).toMatchObject({
      estado: 'recibido',
      documentos: [expect.stringMatching(/^Convenio(_\d+)?\.pdf$/)],
    });
  });

  it("the handler accepts both, sends the case on with 'Convenio Enviado', then 'Se recibe Convenio' from the portal panel", async () => {
    const { page } = handler;
    await page.reload();
    const firmado = bloqueConvenio(page, FIRMA);
    await firmado.getByText(/^Firmado electrónicamente el /).waitFor();
    for (const persona of [FOTO, FIRMA]) {
      await checklistDe(page, persona)
        .getByRole('button', { name: `Aceptar ${PORTAL_CONVENIO.itemNombre}` })
        .click();
      await page.getByText(PORTAL_MESSAGES.itemAceptado).first().waitFor();
      // Accepted: nothing more to publish for this third party.
      await expect
        .poll(() =>
          panelDelPortal(page)
            .getByRole('button', { name: `Publicar convenio para ${nombreDe(persona)}` })
            .count(),
        )
        .toBe(0);
    }
    // At Convenio the advance is the status panel's; at Espera Convenio Firmado the portal panel offers it too.
    expect(await panelDelPortal(page).getByRole('button', { name: ADVANCE_LABELS[ESTADO.ESPERA_CONVENIO] }).count()).toBe(0);
    await page.getByRole('region', { name: 'Estado del caso' }).getByRole('button', { name: ADVANCE_LABELS[ESTADO.CONVENIO] }).click();
    await expect.poll(() => estadoDelCaso(page)).toBe('Espera Convenio Firmado');
    const recibir = panelDelPortal(page).getByRole('button', { name: ADVANCE_LABELS[ESTADO.ESPERA_CONVENIO] });
    await recibir.waitFor();
    await axeBothWidths(page, 'se recibe convenio', DESKTOP);
    await recibir.click();
    await page
      .getByText(ADVANCE_TOASTS[ESTADO.ESPERA_CONVENIO] ?? CICLO_MESSAGES.advanced)
      .first()
      .waitFor();
    await expect.poll(() => estadoDelCaso(page)).toBe('A Finalizar');
    await expect.poll(() => panelDelPortal(page).getByRole('button', { name: ADVANCE_LABELS[ESTADO.ESPERA_CONVENIO] }).count()).toBe(0);
  });
});
