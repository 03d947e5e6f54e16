import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { todayIso, type Informe } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { pagarAcordado } from './pagos.seed';
import { apiCall, seedCaso, seedCompania } from './seed';

/**
 * Issue 46, done when: a User opens Informes for a company and a month of seeded cases, checks three
 * figures against the lists they open, downloads the PDF and the xlsx (their numbers equal the
 * screen's), axe clean at 1440 px. The month is the current one: its cases are the ones seeded here.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;
const RECIBIDOS = 4;
const CERRADOS = 1;

let browser: Browser;
let userCookie: string;
let adminCookie: string;
let compania: { id: number; nombre: string };
const mes = todayIso().slice(0, 7);

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  compania = await seedCompania(adminCookie, `Informes ${Date.now()}`);
  const casos: number[] = [];
  for (let index = 0; index < RECIBIDOS; index++) casos.push(await seedCaso(userCookie, { idCompania: compania.id }));
  // One closed (a closing reason, as e2e/casos does), one moved on to the inspection.
  await apiCall(userCookie, 'PATCH', `/casos/cerrar/t/${casos[0]}`, { id_estado: 17 });
  await apiCall(userCookie, 'PATCH', `/casos/avanza/${casos[1]}`, {});
});
afterAll(() => browser?.close());

/** A figure's number: the last of its line's two texts (the label may end in a date). */
const cifra = async (link: Locator) => Number((await link.locator('span').last().textContent())!.replace(/\./g, ''));

/** Follows a figure's link to the case list and reads how many cases the list found; back to the report. */
async function listaDe(page: Page, link: Locator): Promise<number> {
  await link.click();
  await page.waitForURL(/\/casos\?/);
  await page.getByTestId('contador-filtrados').waitFor({ timeout: 15_000 });
  const total = Number((await page.getByTestId('contador-filtrados').textContent())!.replace(/\D/g, ''));
  await page.goBack();
  await page.waitForURL(/\/informes\?/);
  return total;
}

async function descargar(page: Page, name: string): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'informe-')), download.suggestedFilename());
  await download.saveAs(file);
  const bytes = await fs.readFile(file);
  await fs.rm(path.dirname(file), { recursive: true, force: true });
  return bytes;
}

describe('Informes', () => {
  it('a User opens the month of a company from the menu; three figures equal their lists; the PDF and the xlsx carry the same numbers; axe clean at 1440 px', async () => {
    const { page } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/tablero`);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Informes' }).click();
    await page.waitForURL(/\/informes/);
    await page.getByRole('heading', { level: 1, name: 'Informes' }).waitFor();

    // The company, then the month: the same month twice in the range picker.
    await page.getByRole('combobox', { name: 'Compañía' }).fill(compania.nombre);
    await page.getByRole('option', { name: compania.nombre }).click();
    await page.getByRole('button', { name: 'Período' }).click();
    const nombreMes = new Intl.DateTimeFormat('es-AR', { month: 'short', timeZone: 'UTC' })
      .format(new Date(`${mes}-15T12:00:00Z`))
      .replace('.', '');
    const celda = page.getByRole('dialog').getByRole('button', { name: nombreMes, exact: true });
    await celda.click();
    await celda.click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain(`compania=${compania.id}&desde=${mes}&hasta=${mes}`);
    await page.keyboard.press('Escape');

    const movimiento = page.getByRole('region', { name: 'Casos del período' });
    const recibidos = movimiento.getByRole('link', { name: /^Recibidos/ });
    const cerrados = movimiento.getByRole('link', { name: /^Cerrados/ });
    const abiertos = movimiento.getByRole('link', { name: /^Abiertos al/ });
    await expect.poll(() => cifra(recibidos), { timeout: 15_000 }).toBe(RECIBIDOS);
    const enPantalla = { recibidos: await cifra(recibidos), cerrados: await cifra(cerrados), abiertos: await cifra(abiertos) };
    expect(enPantalla).toEqual({ recibidos: RECIBIDOS, cerrados: CERRADOS, abiertos: RECIBIDOS - CERRADOS });
    // The screen shows the API's report.
    const informe = await apiCall<Informe>(userCookie, 'GET', `/informes?compania=${compania.id}&desde=${mes}&hasta=${mes}`);
    expect([informe.recibidos.total, informe.cerrados.total, informe.abiertos.total]).toEqual([RECIBIDOS, CERRADOS, RECIBIDOS - CERRADOS]);

    // The charts drew, each named for a screen reader; one shows its table.
    const tendencia = page.getByRole('region', { name: 'Tendencia de 12 meses' });
    await tendencia.locator('.recharts-bar-rectangle').filter({ visible: true }).first().waitFor();
    expect(await tendencia.getByRole('img', { name: /^Casos recibidos/ }).getAttribute('aria-label')).toContain(
      `${RECIBIDOS} recibidos, ${CERRADOS} cerrados`,
    );
    await expectNoAxeViolations(page, 'Informes at 1440 px');
    await tendencia.getByRole('switch', { name: 'Ver tabla' }).check();
    await tendencia.getByRole('table').waitFor();
    await expectNoAxeViolations(page, 'Informes with a chart as a table');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'informes-1440.png'), fullPage: true });

    // Three figures against the lists they open.
    expect(await listaDe(page, recibidos)).toBe(enPantalla.recibidos);
    expect(await listaDe(page, cerrados)).toBe(enPantalla.cerrados);
    expect(await listaDe(page, abiertos)).toBe(enPantalla.abiertos);

    // The PDF and the xlsx of the same report: the same numbers.
    const pdf = await descargar(page, 'Descargar PDF');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(compania.nombre);
    expect(text).toMatch(new RegExp(`Casos recibidos\\s+${enPantalla.recibidos}\\b`));
    expect(text).toMatch(new RegExp(`Casos cerrados\\s+${enPantalla.cerrados}\\b`));
    expect(text).toMatch(new RegExp(`Casos abiertos al [\\d/]+\\s+${enPantalla.abiertos}\\b`));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await descargar(page, 'Descargar Excel')) as unknown as ArrayBuffer);
    const resumen = workbook.getWorksheet('Resumen')!;
    const fila = (figura: RegExp) => {
      const rows: ExcelJS.Row[] = [];
      resumen.eachRow((row) => void (figura.test(String(row.getCell(1).value)) && rows.push(row)));
      expect(rows, String(figura)).toHaveLength(1);
      return rows[0]!.getCell(2).value;
    };
    expect(fila(/^Casos recibidos$/)).toBe(enPantalla.recibidos);
    expect(fila(/^Casos cerrados$/)).toBe(enPantalla.cerrados);
    expect(fila(/^Casos abiertos al /)).toBe(enPantalla.abiertos);

    // Each ratio says which cases it compares, on the screen and in the xlsx.
    const sobre = `sobre ${informe.montos.conInspeccion.casos} casos con inspección`;
    await page
      .getByRole('region', { name: 'Ofrecido, acordado e inspeccionado' })
      .getByText(`Acordado ÷ inspeccionado (${sobre})`)
      .waitFor();
    const montos: unknown[] = [];
    workbook.getWorksheet('Montos')!.eachRow((row) => void montos.push(row.getCell(1).value));
    expect(montos).toContain(`Acordado ÷ inspeccionado (${sobre})`);
    // The files are their own routes: a format key is refused, in Spanish.
    const formato = await fetch(`${baseUrl()}/api/informes?compania=${compania.id}&desde=${mes}&formato=pdf`, {
      headers: { cookie: userCookie },
    });
    expect(formato.status).toBe(400);
    expect(await formato.text()).toContain('Campo no admitido: formato');

    // Printed: the shell, the filters and the downloads are left out.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    expect(await tendencia.getByRole('switch', { name: 'Ver tabla' }).isVisible()).toBe(false);
    // The charts print drawn: their bars are on the page, their drawing as tall as on screen or less, never flat.
    await tendencia.locator('.recharts-bar-rectangle').filter({ visible: true }).first().waitFor();
    const dibujo = await tendencia.locator('svg.recharts-surface').first().boundingBox();
    expect(dibujo?.height ?? 0).toBeGreaterThan(100);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'informes-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // A 1366 px laptop: the per-case chart is there; no case closed with an agreed amount, it says so instead of an empty frame.
    await page.setViewportSize({ width: 1366, height: 900 });
    const porCaso = page.getByRole('region', { name: 'Ofrecido y acordado por caso' });
    expect(informe.montos.casos).toBe(0);
    await porCaso.getByText('Ningún caso se cerró en el período con valor acordado.').waitFor();
    expect(await porCaso.getByRole('img').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'informes-1366.png'), fullPage: true });
  });

  it('the cases paid on in the month open their list: as many rows as the figure says; the per-case chart draws the paid case', async () => {
    // Another company's case walked through the API to its payment and its close, as e2e/pagos does.
    const otra = await seedCompania(adminCookie, `Informes pagos ${Date.now()}`);
    const respo = await apiCall<{ data: { id: number } }>(adminCookie, 'POST', '/respo', {
      nombre: `Responsabilidad Informes ${Date.now()}`,
    });
    const cbu = '2850590940090418135201';
    const id = await seedCaso(adminCookie, {
      idCompania: otra.id,
      terceros: [
        { apellido: 'Benítez', nombre: 'Rosa', id_tipo_doc: 1, nro_doc: '30555668', marca_modelo: 'Renault Clio', dominio: 'AF402ZZ', cbu },
      ],
    });
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 1 });
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 2 });
    await apiCall(adminCookie, 'PATCH', `/casos/analisis/${id}`, {
      id_responsabilidad: respo.data.id,
      valor_ofertado: '150000',
      analisis: 'Daños en puerta',
    });
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 4, valor_acordado: '150000' });
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 5 });
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 6 });
    await pagarAcordado(adminCookie, id, cbu, '40000');
    await pagarAcordado(adminCookie, id, cbu);
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 7 });

    const { page } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/informes?compania=${otra.id}&desde=${mes}&hasta=${mes}`);
    const pagos = page.getByRole('region', { name: 'Pagos del período' });
    const casosConPagos = pagos.getByRole('link', { name: /^Casos con pagos/ });
    await expect.poll(() => cifra(casosConPagos)).toBe(1);
    // Two payments on one case: the count of payments is its own figure, the link counts cases.
    expect(
      Number(
        (await pagos
          .getByText(/^Pagos realizados/)
          .locator('..')
          .locator('span')
          .last()
          .textContent())!.replace(/\./g, ''),
      ),
    ).toBe(2);
    await casosConPagos.click();
    await page.waitForURL(/pagadoDesde=/);
    await page.getByTestId('contador-filtrados').waitFor();
    expect(Number((await page.getByTestId('contador-filtrados').textContent())!.replace(/\D/g, ''))).toBe(1);
    await page
      .getByRole('list', { name: 'Filtros aplicados' })
      .getByText(/^Pagado desde: /)
      .waitFor();
    await expectNoAxeViolations(page, 'the case list opened from Casos con pagos');
    await page.goBack();
    const porCaso = page.getByRole('region', { name: 'Ofrecido y acordado por caso' });
    expect(await porCaso.getByRole('img', { name: /^Cada caso cerrado/ }).getAttribute('aria-label')).toContain(
      '1 casos; con ambos montos 1, de ellos 1 con el acordado igual o mayor al ofrecido.',
    );
  });

  it("the Admin sets the company's recipients of the monthly e-mail on the screen; axe clean", async () => {
    const { page } = await open(browser, ADMIN);
    await page.goto(`${baseUrl()}/informes?compania=${compania.id}&desde=${mes}&hasta=${mes}`);
    const editor = page.getByRole('region', { name: `Destinatarios del envío mensual: ${compania.nombre}` });
    const correos = editor.getByRole('combobox', { name: 'Correos' });
    await correos.fill('siniestros@aseguradora.test');
    await correos.press('Enter');
    await correos.fill('Gerencia@Aseguradora.test');
    await correos.press('Enter');
    await editor.getByRole('button', { name: 'Guardar destinatarios' }).click();
    await page.getByText('Destinatarios guardados').first().waitFor();
    const guardados = await apiCall<{ id_compania: number; destinatarios: string[] }[]>(adminCookie, 'GET', '/informes/destinatarios');
    expect(guardados.find((fila) => fila.id_compania === compania.id)?.destinatarios.toSorted()).toEqual([
      'gerencia@aseguradora.test',
      'siniestros@aseguradora.test',
    ]);
    await page.getByRole('region', { name: 'Informes enviados por correo' }).waitFor();
    await expectNoAxeViolations(page, 'Informes as the Admin, with the recipients editor');
  });
});
