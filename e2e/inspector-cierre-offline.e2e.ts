import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CIERRE_SALIDA_TEXTS, INSPECCION_CIERRE_MESSAGES, INSPECCION_FOTOS, todayIso } from '@siniestros/domain';
import { FOTOS_JPEG } from '../apps/server/test/images';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/**
 * Issue 43 item 3, "Done when" (docs/decisions/091): the inspector at 390 px closes today's
 * inspection without network; the close waits on the phone through a reload and a new page, and
 * goes by itself when the network returns — the case in Análisis with every photo once and the
 * Informe fotográfico. And a close the office made moot meanwhile (reassigned) is kept, with the
 * server's Spanish message, until the inspector discards it.
 */
const stamp = Date.now();
const CECI = { apellido: 'Cierre', nombre: 'Ceci', username: `ceci.cierre.${stamp}@e2e.local`, password: 'Ceci-E2E-Clave-1', rol: 3 } as const;
const DARIO = { apellido: 'Cierre', nombre: 'Dario', username: `dario.cierre.${stamp}@e2e.local`, password: 'Dario-E2E-Clave-1', rol: 3 } as const;
const PHONE = { width: 390, height: 844 };
/** Where to leave the new states' pictures for a person to look at (unset: none taken). */
const SHOTS = process.env.E2E_SHOTS_DIR;
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_FAILED|ERR_NETWORK_CHANGED/;

let browser: Browser;
let userCookie: string;
let dario: number;
const visitas: { idCaso: number; idInspeccion: number }[] = [];

beforeAll(async () => {
  browser = await launch();
  const adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  const idCompania = (await seedCompania(adminCookie, `Cierre Offline Seguros ${stamp}`)).id;
  for (const person of [CECI, DARIO]) await apiCall(adminCookie, 'POST', '/users', { ...person, password2: person.password });
  const inspectores = await apiCall<{ id: number; apellido: string; nombre: string }[]>(userCookie, 'GET', '/inspector');
  const idOf = (person: typeof CECI | typeof DARIO) => inspectores.find((item) => item.apellido === person.apellido && item.nombre === person.nombre)!.id;
  dario = idOf(DARIO);
  for (const direccion of [`Taller Offline ${stamp % 100000}`, `Taller Reasignado ${stamp % 100000}`]) {
    const idCaso = await seedCaso(userCookie, { idCompania });
    await apiCall(userCookie, 'PATCH', `/casos/avanza/${idCaso}`, {});
    const visita = await apiCall<{ id: number }>(userCookie, 'POST', `/inspeccion/${idCaso}`, {
      id_inspector: idOf(CECI),
      fecha_inspeccion: todayIso(),
      direccion,
      detalle: 'Cierre sin conexión',
    });
    visitas.push({ idCaso, idInspeccion: visita.id });
  }
});
afterAll(() => browser?.close());

/** Opens the inspection online (the service worker in charge), then cuts the network and fills the close. */
async function cerrarSinConexion(page: Page, context: BrowserContext, idInspeccion: number, fotos: [string, Buffer][]) {
  await page.goto(`${baseUrl()}/inspecciones`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await page.goto(`${baseUrl()}/inspecciones/detalleInspeccion/${idInspeccion}`);
  const checklist = page.getByRole('region', { name: 'Fotos' });
  await checklist.getByText(/^0 de \d+ fotos$/).waitFor();
  // The photo libraries loaded while online (the first photo asks for them).
  await context.setOffline(true);
  await page.getByLabel('Resultado de la inspeccion').fill('Paragolpes delantero hundido.');
  await page.getByLabel('Monto de la Inspeccion').fill('125000');
  const requeridos = page.locator('input[type="file"][accept="image/*,application/pdf"]');
  await requeridos.nth(0).setInputFiles({ name: 'acta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 acta de inspeccion') });
  await requeridos.nth(1).setInputFiles({ name: 'cotizacion.jpg', mimeType: 'image/jpeg', buffer: FOTOS_JPEG.rojo });
  for (const [nombre, buffer] of fotos) {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), checklist.getByRole('button', { name: `Tomar foto: ${nombre}` }).click()]);
    await chooser.setFiles({ name: `${nombre}.jpg`, mimeType: 'image/jpeg', buffer });
    await checklist.getByRole('img', { name: `Foto: ${nombre}` }).waitFor();
  }
  await page.getByRole('button', { name: 'Guardar' }).click();
}

/** The saved close on its screen: the badge, and each kept photo drawn from the device. */
async function thumbnailsDrawn(page: Page): Promise<number[]> {
  const panel = page.getByRole('region', { name: CIERRE_SALIDA_TEXTS.pendiente });
  await panel.waitFor();
  const imgs = panel.getByRole('img', { name: /^Foto \d+ del cierre$/ });
  await imgs.first().waitFor();
  await page.waitForFunction(() => Array.from(document.querySelectorAll('img[alt$=" del cierre"]')).every((img) => (img as HTMLImageElement).complete));
  return imgs.evaluateAll((list) => list.map((img) => (img as HTMLImageElement).naturalWidth));
}

const documentos = (idCaso: number) => apiCall<string[]>(userCookie, 'GET', `/documentacion/listado/${idCaso}`);

describe('the close saved without network', () => {
  it('at 390 px: saved offline, pending through a reload and a new page, sent by itself once online', async () => {
    const { idCaso, idInspeccion } = visitas[0]!;
    const { page, context, allow } = await open(browser, CECI, PHONE);
    allow(OFFLINE_ERRORS);
    await cerrarSinConexion(page, context, idInspeccion, [
      ['Frente', FOTOS_JPEG.rojo],
      ['Trasera', FOTOS_JPEG.verde],
      ['Daños', FOTOS_JPEG.azul],
    ]);
    await page.getByText(CIERRE_SALIDA_TEXTS.sinConexion).waitFor();
    expect(await thumbnailsDrawn(page)).toEqual([160, 160, 160]);
    // No second close offered.
    expect(await page.getByRole('button', { name: 'Guardar' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'close pending offline at 390 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cierre-pendiente-390.png`, fullPage: true });

    // A reload without network: still pending, the photos drawn from the device.
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await page.getByText(CIERRE_SALIDA_TEXTS.sinConexion).waitFor();
    expect(await thumbnailsDrawn(page)).toEqual([160, 160, 160]);

    // The page closed and a new one opened, still offline: the agenda's card says so.
    await page.close();
    const otra = await context.newPage();
    await otra.goto(`${baseUrl()}/inspecciones`);
    const pendientes = otra.getByRole('list', { name: CIERRE_SALIDA_TEXTS.seccion });
    const card = pendientes.getByRole('listitem', { name: `Caso ${idCaso}` });
    await card.getByText(CIERRE_SALIDA_TEXTS.pendiente).waitFor();
    await card.getByText(CIERRE_SALIDA_TEXTS.sinConexion).waitFor();
    await expectNoAxeViolations(otra, 'agenda with a pending close offline at 390 px');
    expect((await apiCall<{ caso: { id_estado: number } }>(userCookie, 'GET', `/casos/${idCaso}`)).caso.id_estado).toBe(2);

    // Online: sent by itself, the card goes.
    await context.setOffline(false);
    await otra.getByRole('list', { name: CIERRE_SALIDA_TEXTS.seccion }).waitFor({ state: 'detached', timeout: 60_000 });
    await context.close();

    expect((await apiCall<{ caso: { id_estado: number } }>(userCookie, 'GET', `/casos/${idCaso}`)).caso.id_estado).toBe(3);
    const nombres = await documentos(idCaso);
    expect(nombres.filter((nombre) => nombre.startsWith('Foto')).sort()).toEqual(['Foto.jpg', 'Foto_02.jpg', 'Foto_03.jpg']);
    expect(nombres.filter((nombre) => nombre === INSPECCION_FOTOS.informeArchivo)).toHaveLength(1);
    expect(new Set(nombres).size).toBe(nombres.length);

    // As the office sees it: the case's documents list the photos once and the report.
    const oficina = await open(browser, USERS.user, PHONE);
    await oficina.page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    const lista = oficina.page.getByRole('list', { name: 'Documentos' });
    for (const nombre of ['Foto.jpg', 'Foto_02.jpg', 'Foto_03.jpg', INSPECCION_FOTOS.informeArchivo]) await lista.getByRole('listitem', { name: nombre, exact: true }).waitFor();
    expect(await lista.getByRole('listitem', { name: /^Foto/ }).count()).toBe(3);
    await oficina.context.close();
  });

  it('reassigned while the phone was offline: the refusal shows on the card and the close stays until discarded', async () => {
    const { idCaso, idInspeccion } = visitas[1]!;
    const { page, context, allow } = await open(browser, CECI, PHONE);
    // The upload and the close refused: the inspection is Dario's now.
    allow(/status of 403/);
    await cerrarSinConexion(page, context, idInspeccion, [['Frente', FOTOS_JPEG.verde]]);
    await page.getByText(CIERRE_SALIDA_TEXTS.sinConexion).waitFor();

    await apiCall(userCookie, 'PATCH', `/inspeccion/update_inspector/${idInspeccion}`, { inspector: dario });
    await context.setOffline(false);
    await page.getByRole('alert').filter({ hasText: INSPECCION_CIERRE_MESSAGES.reasignada }).waitFor({ timeout: 60_000 });
    await expectNoAxeViolations(page, 'refused close on its screen at 390 px');

    await page.goto(`${baseUrl()}/inspecciones`);
    const card = page.getByRole('list', { name: CIERRE_SALIDA_TEXTS.seccion }).getByRole('listitem', { name: `Caso ${idCaso}` });
    await card.getByText(INSPECCION_CIERRE_MESSAGES.reasignada).waitFor();
    await expectNoAxeViolations(page, 'agenda with a refused close at 390 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cierre-rechazado-agenda-390.png`, fullPage: true });
    // Kept through a reload: nothing leaves the device on a refusal.
    await page.reload();
    await card.getByText(INSPECCION_CIERRE_MESSAGES.reasignada).waitFor();

    await card.getByRole('button', { name: CIERRE_SALIDA_TEXTS.descartar }).click();
    const confirmar = page.getByRole('dialog', { name: 'Confirmar' });
    await confirmar.getByText(CIERRE_SALIDA_TEXTS.confirmarDescartar).waitFor();
    await expectNoAxeViolations(page, 'discard question at 390 px');
    await page.getByRole('button', { name: 'NO', exact: true }).click();
    await card.waitFor();
    await card.getByRole('button', { name: CIERRE_SALIDA_TEXTS.descartar }).click();
    await page.getByRole('button', { name: 'SI', exact: true }).click();
    await card.waitFor({ state: 'detached' });
    // The case did not move, and nothing of the close reached it.
    expect((await apiCall<{ caso: { id_estado: number } }>(userCookie, 'GET', `/casos/${idCaso}`)).caso.id_estado).toBe(2);
    expect((await documentos(idCaso)).filter((nombre) => nombre.startsWith('Foto'))).toEqual([]);
    await context.close();
  });
});
