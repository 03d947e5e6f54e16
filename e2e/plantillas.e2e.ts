import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import type { Browser, Page } from 'playwright-core';
import { PLANTILLA_MESSAGES } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

let browser: Browser;
let adminCookie: string;
let userCookie: string;
let idCaso: number;

/** A case with one third party (and its CBU) taken through the API to status 5, Convenio. */
async function seedCasoEnConvenio(): Promise<number> {
  const stamp = Date.now();
  const compania = await seedCompania(adminCookie, `Plantillas Seguros ${stamp}`);
  const idResponsabilidad = (await apiCall<{ data: { id: number } }>(adminCookie, 'POST', '/respo', { nombre: `Responsabilidad Plantillas ${stamp}` })).data.id;
  const id = await seedCaso(userCookie, {
    idCompania: compania.id,
    terceros: [
      { apellido: 'Sosa', nombre: 'Laura', id_tipo_doc: 1, nro_doc: '31222333', marca_modelo: 'VW Gol', dominio: 'AD200YY', cbu: '2850590940090418135201' },
    ],
  });
  await apiCall(userCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 1 });
  await apiCall(userCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 2 });
  await apiCall(userCookie, 'PATCH', `/casos/analisis/${id}`, { id_responsabilidad: idResponsabilidad, valor_ofertado: '250000', analisis: 'Responsabilidad del tercero' });
  await apiCall(userCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 4, valor_acordado: '240000' });
  return id;
}

/** The text of 'Daños Titular sin Letrado' as the next zip of the case writes it. */
async function convenioTitular(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/documentacion/c/${idCaso}`, {
    method: 'POST',
    headers: { cookie: userCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ convenioFile: ['Daños Titular sin Letrado'] }),
  });
  expect(response.status).toBe(200);
  const zip = await JSZip.loadAsync(await response.arrayBuffer());
  return (await mammoth.extractRawText({ buffer: await Object.values(zip.files)[0]!.async('nodebuffer') })).value;
}

const row = (page: Page, nombre: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: nombre, exact: true }) });

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  idCaso = await seedCasoEnConvenio();
});
afterAll(() => browser?.close());

describe('convenio templates (Admin)', () => {
  it('an Admin downloads a template, uploads an edited version, the next zip uses it, and goes back', async () => {
    expect(await convenioTitular()).toContain('CUARTA — RENUNCIA:');
    const { page, context, allow } = await open(browser, ADMIN);
    allow(/status of 422 .*\/api\/plantillas\/[^/)]+\)/); // the template with a field the server does not fill
    await page.goto(`${baseUrl()}/casos`);
    await page.getByRole('link', { name: 'Plantillas' }).click();
    await page.getByRole('heading', { name: 'Plantillas de Convenio', level: 1 }).waitFor();
    const titular = row(page, 'Daños Titular sin Letrado');
    await titular.getByText(PLANTILLA_MESSAGES.predeterminada).waitFor();
    expect(await page.getByRole('row').count()).toBe(10);
    await page.getByRole('button', { name: 'Campos disponibles' }).click();
    await page.getByText('{monto_en_letras}', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'Plantillas with the fields listed');

    const [download] = await Promise.all([page.waitForEvent('download'), titular.getByRole('button', { name: 'Descargar Daños Titular sin Letrado' }).click()]);
    expect(download.suggestedFilename()).toBe('Convenio_1_Danos_Titular_sin_Letrado_v0.docx');
    // What the office does in Word: it rewords a clause and keeps the fields.
    const docx = await JSZip.loadAsync(await readFile(await download.path()));
    const xml = await docx.file('word/document.xml')!.async('string');
    expect(xml).toContain('{monto_en_letras}');

    // A field the server does not fill is refused, and nothing changes.
    docx.file('word/document.xml', xml.replace('{monto}', '{monto_total}'));
    const broken = await docx.generateAsync({ type: 'nodebuffer' });
    const chooser = page.waitForEvent('filechooser');
    await titular.getByRole('button', { name: 'Subir nueva versión Daños Titular sin Letrado' }).click();
    await (await chooser).setFiles({ name: 'titular.docx', mimeType: 'application/octet-stream', buffer: broken });
    await page.getByText(PLANTILLA_MESSAGES.unknownFields(['monto_total'])).waitFor();
    await titular.getByText(PLANTILLA_MESSAGES.predeterminada).waitFor();

    docx.file('word/document.xml', xml.replace('RENUNCIA', 'RENUNCIA Y DESISTIMIENTO'));
    const edited = await docx.generateAsync({ type: 'nodebuffer' });
    const chooser2 = page.waitForEvent('filechooser');
    await titular.getByRole('button', { name: 'Subir nueva versión Daños Titular sin Letrado' }).click();
    await (await chooser2).setFiles({ name: 'titular 2026.docx', mimeType: 'application/octet-stream', buffer: edited });
    await page.getByText(`Daños Titular sin Letrado: ${PLANTILLA_MESSAGES.uploaded(1)}`).waitFor();
    await titular.getByRole('cell', { name: 'Versión 1', exact: true }).waitFor();
    expect(await titular.textContent()).toContain(ADMIN.username);
    expect(await convenioTitular()).toContain('CUARTA — RENUNCIA Y DESISTIMIENTO:');

    // The preview is the version filled with a demo case: drawn as PDF in the viewer (LibreOffice, decision 099), its .docx a click away.
    await titular.getByRole('button', { name: 'Vista previa Daños Titular sin Letrado' }).click();
    const visor = page.getByRole('dialog', { name: /^Vista_previa_.*_v1\.docx$/ });
    await visor.getByRole('img', { name: /^Página 1 de \d+ de Vista_previa_.*_v1\.docx$/ }).waitFor({ timeout: 60_000 });
    await expectNoAxeViolations(page, 'Plantilla preview as PDF in the viewer');
    const [preview] = await Promise.all([page.waitForEvent('download'), visor.getByRole('button', { name: 'Descargar', exact: true }).click()]);
    const previewText = (await mammoth.extractRawText({ path: await preview.path() })).value;
    expect(previewText).toContain('RENUNCIA Y DESISTIMIENTO');
    expect(previewText).toContain('Laura Sosa, DNI 33.222.111');
    await page.keyboard.press('Escape');
    await visor.waitFor({ state: 'detached' });

    // Back to the shipped text, as a new version: nothing is lost.
    await titular.getByRole('button', { name: 'Versiones Daños Titular sin Letrado' }).click();
    const versiones = page.getByRole('dialog', { name: 'Versiones — Daños Titular sin Letrado' });
    expect(await versiones.getByRole('row').count()).toBe(3);
    await expectNoAxeViolations(page, 'Versiones dialog');
    await versiones.getByRole('button', { name: 'Restaurar Predeterminada' }).click();
    await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'SI' }).click();
    await page.getByText(PLANTILLA_MESSAGES.restored(2)).waitFor();
    await versiones.getByRole('cell', { name: 'Versión 2 (restaura la predeterminada) Vigente' }).waitFor();
    expect(await versiones.getByRole('row').count()).toBe(4);
    expect(await convenioTitular()).toContain('CUARTA — RENUNCIA:');
    await context.close();
  });

  it('is not in the User menu, and its address takes the User back to the Tablero', async () => {
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/casos`);
    await page.getByRole('link', { name: 'Casos' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Plantillas' }).count()).toBe(0);
    await page.goto(`${baseUrl()}/plantillas`);
    await page.waitForURL(`${baseUrl()}/tablero`);
    expect(await page.getByRole('heading', { name: 'Plantillas de Convenio' }).count()).toBe(0);
    await context.close();
  });
});
