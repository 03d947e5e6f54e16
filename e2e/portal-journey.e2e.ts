import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ParsedMail } from 'mailparser';
import {
  ESTADOS,
  ESTADO,
  PORTAL_CORREO,
  PORTAL_ETAPAS,
  PORTAL_HISTORIA,
  PORTAL_ITEM_ESTADOS,
  PORTAL_ITEM_ESTADOS_RECLAMANTE,
  PORTAL_MESSAGES,
  PORTAL_PAGINA,
  todayIso,
} from '@siniestros/domain';
import { startSmtpCapture } from '../apps/server/test/smtp';
import { ADMIN, apiLogin, USERS } from './api';
import { expectNoAxeViolations, launch, open, type Session } from './browser';
import { seedCaso, seedCompania } from './seed';
import { createUsers, freePort, startProductionServer, type ProductionServer } from './server';

/**
 * Issue 42's "done when", the claimant portal end to end (docs/decisions/084): the handler asks
 * for four documents; the e-mail arrives on a real SMTP server with the link; the claimant on a
 * phone opens it, passes the DNI, sends three (one a photo from the camera input); the handler
 * rejects one with a reason and accepts two; the claimant reads the reason, sends it again and
 * writes; four days later (the server's clock moved) the reminder lists what is still missing;
 * the claimant sends it, the handler accepts, replies, and the case, its documentation complete,
 * advances to Coordinar Inspección. Axe on every state of the claimant's page at 390 and 1440 px.
 *
 * The server is this file's own (its SMTP on loopback, its clock): the production bundle with
 * e2e/clock-offset.mjs preloaded, which runs the process's Date ahead by E2E_CLOCK_OFFSET_MS. "Four
 * days later" is a restart on the same data with the offset at four days: main.ts runs the
 * reminders at start, as every hour.
 */
const TAG = Date.now().toString().slice(-6);
const OFICINA = 'Estudio de Siniestros del Plata';
const COMPANIA = `Aseguradora Journey ${TAG}`;
const RECLAMO = `42${TAG}`;
const DNI = `30${TAG}`;
const TERCERO = { apellido: 'Sosa', nombre: 'Marta' };
const NOMBRE = `${TERCERO.nombre} ${TERCERO.apellido}`;
const MAIL = `marta.sosa.${TAG}@correo.test`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const DAY_MS = 86_400_000;
const SHOTS = process.env.E2E_SHOTS_DIR;

const DNI_CONDUCTOR = 'DNI del conductor';
const CEDULA = 'Cédula verde';
const REGISTRO = 'Registro de conducir';
const DENUNCIA = 'Denuncia del siniestro';
const PEDIDOS = [DNI_CONDUCTOR, CEDULA, REGISTRO, DENUNCIA];
const MOTIVO = 'Falta una parte del documento (frente o dorso)';
const MOTIVO_DETALLE = 'Envíe también el dorso.';
const PREGUNTA = '¿La cédula azul de mi hijo también sirve?';
const RESPUESTA = 'No hace falta: con la verde alcanza. Gracias por enviar todo.';
const COORDINAR_INSPECCION = ESTADOS.find((estado) => estado.id === ESTADO.INSPECCION)!.nombre;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let dataDir: string;
let port: number;
let server: ProductionServer;
let browser: Browser;
/** The claimant's phone: one browser context for the whole journey, as one phone would be. */
let claimant: Session;
let idCaso = 0;
/** The request's e-mail, read as the claimant's mail client gets it. */
let pedido: ParsedMail;
let enlace = '';

const origin = () => server.baseUrl;

/** This file's production server: SMTP to the capture, links on its own address, the clock `offsetMs` ahead. */
async function startServer(offsetMs: number) {
  server = await startProductionServer({
    port,
    dataDir,
    nodeArgs: ['--import', './e2e/clock-offset.mjs'],
    env: { ...smtp.settings, APP_URL: `http://127.0.0.1:${port}`, ORG_NAME: OFICINA, E2E_CLOCK_OFFSET_MS: String(offsetMs) },
  });
}

/** The e-mail to the claimant with this subject, once it arrives. */
async function correo(asunto: string): Promise<ParsedMail> {
  const find = () => smtp.received.find(({ to, mail }) => to.includes(MAIL) && mail.subject === asunto)?.mail;
  await expect.poll(() => find() !== undefined, { timeout: 30_000, interval: 200 }).toBe(true);
  return find()!;
}

const datosCorreo = { nombre: NOMBRE, org: OFICINA, reclamo: RECLAMO, compania: COMPANIA };

/** axe on the claimant's page at both widths, left at the phone's; screenshots when E2E_SHOTS_DIR is set. */
async function axeBothWidths(page: Page, label: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${label} at ${viewport.width} px`);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/portal-journey-${label.replace(/\W+/g, '-')}-${viewport.width}.png`, fullPage: true });
  }
}

/** The claimant's card of one asked document. */
const tarjeta = (page: Page, nombre: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: nombre, level: 3 }) });

const estadoReclamante = (page: Page, nombre: string, estado: keyof typeof PORTAL_ITEM_ESTADOS_RECLAMANTE) =>
  tarjeta(page, nombre).getByText(PORTAL_ITEM_ESTADOS_RECLAMANTE[estado], { exact: true }).waitFor();

/** A phone camera's picture of the DNI (JPEG), drawn by the browser itself. */
async function fotoDelDni(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#3a7';
    context.fillRect(0, 0, 1600, 1200);
    context.fillStyle = '#fff';
    context.font = '120px sans-serif';
    context.fillText('DNI frente y dorso', 200, 600);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The link from the e-mail, opened fresh as a mail client opens it, and the DNI typed: the claim's page. */
async function abrirEnlaceDelCorreo(page: Page, { axe }: { axe: boolean }) {
  await page.goto('about:blank');
  await page.goto(enlace);
  await page.getByRole('heading', { name: PORTAL_PAGINA.dniTitulo, level: 1 }).waitFor();
  // The token leaves the address bar.
  expect(new URL(page.url()).hash).toBe('');
  if (axe) await axeBothWidths(page, 'dni');
  await page.getByLabel(PORTAL_PAGINA.dniEtiqueta(0)).fill(DNI);
  await page.getByRole('button', { name: PORTAL_PAGINA.continuar }).click();
  await page.getByRole('heading', { name: PORTAL_PAGINA.reclamo(RECLAMO, COMPANIA), level: 1 }).waitFor();
}

/** The handler's 'Portal del reclamante' panel in the case. */
const panelDelPortal = (page: Page) => page.getByRole('region', { name: 'Portal del reclamante' });

beforeAll(async () => {
  smtp = await startSmtpCapture();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-e2e-journey-'));
  port = await freePort();
  await startServer(0);
  await createUsers(origin());
  const admin = await apiLogin(origin(), ADMIN);
  const compania = await seedCompania(admin, COMPANIA, origin());
  const user = await apiLogin(origin(), USERS.user);
  idCaso = await seedCaso(user, {
    origin: origin(),
    idCompania: compania.id,
    reclamo_nro: RECLAMO,
    terceros: [
      {
        ...TERCERO,
        id_tipo_doc: 1,
        nro_doc: DNI,
        marca_modelo: 'Fiat Cronos',
        dominio: `AE${TAG.slice(0, 3)}QR`,
        cel: '11 5555-1234',
        mail: MAIL,
      },
    ],
  });
  browser = await launch();
  claimant = await open(browser, undefined, PHONE);
});
afterAll(async () => {
  await claimant?.context.close();
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the claimant portal, from the request to the case moving on', () => {
  it('day 0: four asked; from the e-mail, on a phone, three sent; one rejected with its reason, two accepted; sent again, and a question', async () => {
    // The handler, at the office's screen.
    const handler = await open(browser, USERS.user, DESKTOP, origin());
    await handler.page.goto(`${origin()}/casos/detalleCaso/${idCaso}`);
    const panel = panelDelPortal(handler.page);
    await panel.getByText('No se le pidió documentación.').waitFor();
    await panel.getByRole('button', { name: 'Pedir documentación' }).click();
    const dialog = handler.page.getByRole('dialog', { name: 'Pedir documentación' });
    const grupo = dialog.getByRole('group', { name: 'Documentos a pedir' });
    await grupo.getByRole('checkbox', { name: DNI_CONDUCTOR, exact: true }).waitFor();
    // What applies and is missing comes marked; this request is for four of them.
    for (const casilla of await grupo.getByRole('checkbox').all()) if (await casilla.isChecked()) await casilla.uncheck();
    for (const nombre of PEDIDOS) await grupo.getByRole('checkbox', { name: nombre, exact: true }).check();
    await expect(grupo.getByRole('checkbox', { checked: true }).count()).resolves.toBe(PEDIDOS.length);
    await expect(dialog.getByRole('checkbox', { name: /^Enviar por correo/ }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
    await dialog.getByText('Se envió el enlace por correo electrónico.').waitFor();
    await dialog.locator('button', { hasText: /^Cerrar$/ }).click();
    for (const nombre of PEDIDOS) {
      await panel.getByRole('listitem', { name: nombre, exact: true }).getByText(PORTAL_ITEM_ESTADOS.pendiente, { exact: true }).waitFor();
    }

    // The e-mail, as the SMTP server received it: the documents and the link.
    pedido = await correo(PORTAL_CORREO.pedidoAsunto(datosCorreo));
    enlace = /^https?:\/\/\S+\/portal#t=[A-Za-z0-9_-]{43}$/m.exec(pedido.text ?? '')?.[0] ?? '';
    expect(enlace.startsWith(`${origin()}/portal#t=`), pedido.text).toBe(true);
    const [dia, mes, anio] = /hasta el (\d{2})\/(\d{2})\/(\d{4}):/.exec(pedido.text!)!.slice(1);
    expect(pedido.text!.trim()).toBe(
      PORTAL_CORREO.pedidoTexto({ ...datosCorreo, items: PEDIDOS, enlace, vence: `${anio}-${mes}-${dia}` }).trim(),
    );

    // The claimant, on the phone: the link from the e-mail, the DNI, then their claim.
    const { page } = claimant;
    await abrirEnlaceDelCorreo(page, { axe: true });
    for (const nombre of PEDIDOS) await estadoReclamante(page, nombre, 'pendiente');
    await axeBothWidths(page, 'reclamo');

    // Three of the four: the DNI a photo from the camera input, the others PDFs already on the phone.
    const camara = tarjeta(page, DNI_CONDUCTOR).getByLabel(PORTAL_PAGINA.sacarFoto);
    await expect(camara.getAttribute('capture')).resolves.toBe('environment');
    await camara.setInputFiles({ name: 'IMG_20261128_101500.jpg', mimeType: 'image/jpeg', buffer: await fotoDelDni(page) });
    await estadoReclamante(page, DNI_CONDUCTOR, 'recibido');
    for (const [nombre, archivo] of [
      [CEDULA, 'cedula.pdf'],
      [REGISTRO, 'registro.pdf'],
    ] as const) {
      await tarjeta(page, nombre)
        .getByLabel(PORTAL_PAGINA.elegirArchivo)
        .setInputFiles({ name: archivo, mimeType: 'application/pdf', buffer: PDF });
      await estadoReclamante(page, nombre, 'recibido');
    }
    await estadoReclamante(page, DENUNCIA, 'pendiente');
    await axeBothWidths(page, 'tres enviados');

    // The handler's Bandeja de recibidos: the cédula rejected with a reason, the other two accepted.
    await handler.page.getByRole('link', { name: 'Bandeja de recibidos', exact: true }).click();
    await handler.page.waitForURL('**/recibidos');
    const bandeja = handler.page.getByRole('table', { name: 'Bandeja de recibidos' });
    const fila = (nombre: string) =>
      bandeja.getByRole('row').filter({ has: handler.page.getByRole('button', { name: `Aceptar ${nombre}` }) });
    await fila(CEDULA)
      .getByRole('button', { name: `Rechazar ${CEDULA}` })
      .click();
    const rechazo = handler.page.getByRole('dialog', { name: 'Rechazar documento' });
    await rechazo.getByRole('radio', { name: MOTIVO }).check();
    await rechazo.getByLabel('Otro motivo o detalle').fill(MOTIVO_DETALLE);
    await rechazo.getByRole('button', { name: 'Rechazar', exact: true }).click();
    await rechazo.waitFor({ state: 'hidden' });
    await fila(CEDULA).waitFor({ state: 'detached' });
    for (const nombre of [DNI_CONDUCTOR, REGISTRO]) {
      await fila(nombre)
        .getByRole('button', { name: `Aceptar ${nombre}` })
        .click();
      await fila(nombre).waitFor({ state: 'detached' });
    }

    // The claimant comes back to the page: the reason, in their words, and the two accepted.
    await page.reload();
    await estadoReclamante(page, CEDULA, 'rechazado');
    await tarjeta(page, CEDULA).getByText(`${MOTIVO}. ${MOTIVO_DETALLE}`).waitFor();
    await estadoReclamante(page, DNI_CONDUCTOR, 'aceptado');
    await estadoReclamante(page, REGISTRO, 'aceptado');
    await axeBothWidths(page, 'rechazado');

    // Sent again, and a question for the office.
    await tarjeta(page, CEDULA)
      .getByLabel(PORTAL_PAGINA.elegirArchivo)
      .setInputFiles({ name: 'cedula-frente-y-dorso.pdf', mimeType: 'application/pdf', buffer: PDF });
    await estadoReclamante(page, CEDULA, 'recibido');
    await page.getByLabel(PORTAL_PAGINA.mensajeEtiqueta).fill(PREGUNTA);
    await page.getByRole('button', { name: PORTAL_PAGINA.enviar, exact: true }).click();
    await page.getByRole('status').filter({ hasText: PORTAL_MESSAGES.mensajeEnviado }).waitFor();
    await page.getByRole('listitem').filter({ hasText: PREGUNTA }).waitFor();
    await axeBothWidths(page, 'enviado de nuevo y mensaje');
    // The phone is put away: nothing of the page asks the server while it restarts.
    await page.goto('about:blank');
  });

  it('four days later the server sends the reminder: what is still missing, and the link sent that day', async () => {
    expect(smtp.received.filter(({ mail }) => mail.subject === PORTAL_CORREO.recordatorioAsunto(datosCorreo))).toEqual([]);
    await server.stop();
    await startServer(4 * DAY_MS);

    const recordatorio = await correo(PORTAL_CORREO.recordatorioAsunto(datosCorreo));
    // Dated by the server's clock, which is the one that moved.
    expect(recordatorio.date!.getTime() - pedido.date!.getTime()).toBeGreaterThanOrEqual(4 * DAY_MS - 60_000);
    const vence = /vale hasta el (\d{2})\/(\d{2})\/(\d{4})\)/.exec(recordatorio.text ?? '');
    expect(vence, recordatorio.text).not.toBeNull();
    // Only the document never sent: the accepted ones and the one sent again wait for nobody.
    expect(recordatorio.text!.trim()).toBe(
      PORTAL_CORREO.recordatorioTexto({
        ...datosCorreo,
        items: [DENUNCIA],
        enviado: todayIso(pedido.date!),
        vence: `${vence![3]}-${vence![2]}-${vence![1]}`,
      }).trim(),
    );
    expect(pedido.text).toContain(`hasta el ${vence![1]}/${vence![2]}/${vence![3]}:`);
    // No link in it: the token is never stored.
    expect(recordatorio.text).not.toContain('#t=');
  });

  it('day 4: the last one sent; the handler accepts, replies, and the case, its documentation complete, advances to status 2', async () => {
    // The portal opened again without the link (from the phone's history): its session, 8 hours long,
    // ended days ago; so the link from the e-mail again.
    const { page } = claimant;
    claimant.allow(/status of 401 \(Unauthorized\) \(http[^)]*\/api\/portal\/estado\)$/);
    await page.goto(`${origin()}/portal`);
    await page.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.sesionVencida }).waitFor();
    await abrirEnlaceDelCorreo(page, { axe: false });
    await estadoReclamante(page, CEDULA, 'recibido');
    await tarjeta(page, DENUNCIA)
      .getByLabel(PORTAL_PAGINA.elegirArchivo)
      .setInputFiles({ name: 'denuncia.pdf', mimeType: 'application/pdf', buffer: PDF });
    await estadoReclamante(page, DENUNCIA, 'recibido');

    // The handler, signed in again this morning, in the case's portal panel.
    const handler = await open(browser, USERS.user, DESKTOP, origin());
    await handler.page.goto(`${origin()}/casos/detalleCaso/${idCaso}`);
    // The reminder is in the case's history.
    await handler.page.getByRole('button', { name: 'Ver Historial' }).click();
    const historial = handler.page.getByRole('dialog', { name: 'Historial' });
    await historial.getByRole('cell', { name: PORTAL_HISTORIA.recordatorio(NOMBRE, 3, `enviado a ${MAIL}`), exact: true }).waitFor();
    await handler.page.keyboard.press('Escape');
    await historial.waitFor({ state: 'hidden' });
    const panel = panelDelPortal(handler.page);
    for (const nombre of [CEDULA, DENUNCIA]) {
      const item = panel.getByRole('listitem', { name: nombre, exact: true });
      await item.getByRole('button', { name: `Aceptar ${nombre}` }).click();
      await item.getByText(PORTAL_ITEM_ESTADOS.aceptado, { exact: true }).waitFor();
    }
    await panel.getByRole('button', { name: `Mensajes con ${NOMBRE}` }).click();
    const mensajes = handler.page.getByRole('dialog', { name: `Mensajes con ${NOMBRE}` });
    await mensajes.getByText(PREGUNTA).waitFor();
    await mensajes.getByRole('textbox', { name: /^Respuesta al reclamante/ }).fill(RESPUESTA);
    await mensajes.getByRole('button', { name: 'Enviar mensaje' }).click();
    await mensajes.getByRole('listitem').filter({ hasText: RESPUESTA }).waitFor();
    await mensajes.locator('button', { hasText: /^Cerrar$/ }).click();
    // The claimant is told by e-mail, without the link.
    const aviso = await correo(PORTAL_CORREO.mensajeAsunto(datosCorreo));
    expect(aviso.text!.trim()).toBe(PORTAL_CORREO.mensajeTexto(datosCorreo).trim());

    // Everything asked is accepted: 'Documentación completa', and one click moves the case on.
    const completa = panel.getByRole('alert').filter({ hasText: PORTAL_MESSAGES.documentacionCompleta });
    await completa.waitFor();
    await completa.getByRole('button', { name: `Avanzar a ${COORDINAR_INSPECCION}` }).click();
    await expect.poll(() => handler.page.getByTestId('caso-estado').textContent(), { timeout: 30_000 }).toBe(COORDINAR_INSPECCION);

    // The claimant's page: all accepted, the office's answer, and where the claim is now.
    await page.reload();
    for (const nombre of PEDIDOS) await estadoReclamante(page, nombre, 'aceptado');
    await page.getByRole('listitem').filter({ hasText: RESPUESTA }).getByText(OFICINA).waitFor();
    const etapaActual = page.locator('[aria-current="step"]');
    await expect.poll(() => etapaActual.textContent(), { timeout: 30_000 }).toContain(PORTAL_ETAPAS.documentacion);
    await axeBothWidths(page, 'documentacion completa');
  });
});
