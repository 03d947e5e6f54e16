import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatPesos } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/** Issue 41 item 6 (docs/decisions/082): after the signed convenio a payment is ordered, paid in two parts with receipts, and the case closes. */
let browser: Browser;
let idCaso: number;
let idSinPagar: number;
const CBU = '0720123988000012345678';
const PDF = Buffer.from('%PDF-1.4\n%e2e\n1 0 obj <<>> endobj\n%%EOF\n');

beforeAll(async () => {
  browser = await launch();
  const adminCookie = await apiLogin(baseUrl(), ADMIN);
  const stamp = Date.now();
  const compania = await seedCompania(adminCookie, `Pagos Seguros ${stamp}`);
  const respo = await apiCall<{ data: { id: number } }>(adminCookie, 'POST', '/respo', { nombre: `Responsabilidad Pagos ${stamp}` });
  // To 'Espera Convenio Firmado' (6) through the API, as the office would: documentation, inspection skipped, the offer, agreed $ 150.000, the convenio sent.
  const hastaConvenioEnviado = async (dominio: string, nroDoc: string) => {
    const id = await seedCaso(adminCookie, {
      idCompania: compania.id,
      terceros: [{ apellido: 'Benítez', nombre: 'Rosa', id_tipo_doc: 1, nro_doc: nroDoc, marca_modelo: 'Renault Clio', dominio, cbu: CBU }],
    });
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 1 });
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 2 });
    await apiCall(adminCookie, 'PATCH', `/casos/analisis/${id}`, { id_responsabilidad: respo.data.id, valor_ofertado: '150000', analisis: 'Daños en puerta trasera' });
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 4, valor_acordado: '150000' });
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 5 });
    return id;
  };
  // The convenio's receipt (6 → 7) is the first test's first click.
  idCaso = await hastaConvenioEnviado('AF400ZZ', '30555666');
  idSinPagar = await hastaConvenioEnviado('AF401ZZ', '30555667');
  await apiCall(adminCookie, 'PATCH', `/casos/avanza/${idSinPagar}`, { id_estado: 6 });
});
afterAll(() => browser?.close());

async function registrar(page: Page, monto: string, archivo: string) {
  await page.getByRole('button', { name: `Registrar pago de ${formatPesos(monto)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
  await dialog.getByLabel('Comprobante de pago (archivo)').waitFor();
  await dialog.locator('input[type="file"]').setInputFiles({ name: archivo, mimeType: 'application/pdf', buffer: PDF });
  await expectNoAxeViolations(page, 'Registrar pago dialog');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await page.getByText('Pago registrado').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

async function ordenar(page: Page, monto: string | null) {
  await page.getByRole('button', { name: 'Ordenar pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ordenar pago' });
  expect(await dialog.getByLabel('CBU del beneficiario').inputValue()).toBe(CBU);
  if (monto) await dialog.getByLabel('Monto').fill(monto);
  await expectNoAxeViolations(page, 'Ordenar pago dialog');
  await dialog.getByRole('button', { name: 'Ordenar' }).click();
  await page.getByText('Pago ordenado').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('payments', () => {
  it('the User orders the agreed amount in two parts, registers both with receipts, and finishes the case; the values report shows agreed = paid', async () => {
    const { page } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await page.getByRole('button', { name: 'Se recibe Convenio' }).click();
    const panel = page.getByRole('region', { name: 'Pagos' });
    await panel.waitFor();
    await expect.poll(() => panel.getByTestId('pagos-pendiente').textContent()).toBe(formatPesos('150000'));
    await expectNoAxeViolations(page, 'Pagos panel at 1440 px');

    await ordenar(page, '100000');
    await registrar(page, '100000', 'transferencia-1.pdf');
    // The second order starts from what is left: $ 50.000; ordered and registered at a phone's width (axe there too).
    // The date field is not focused on opening: its calendar would cover 'Registrar' on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await ordenar(page, null);
    await registrar(page, '50000', 'transferencia-2.pdf');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => panel.getByTestId('pagos-pagado').textContent()).toBe(formatPesos('150000'));
    expect(await panel.getByTestId('pagos-pendiente').textContent()).toBe(formatPesos('0'));
    expect(await panel.getByRole('cell', { name: 'CBU terminado en 5678' }).count()).toBe(2);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'Pagos panel at 390 px');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Finalizar Caso' }).click();
    await expect.poll(() => page.getByTestId('caso-estado').textContent()).toBe('Finalizado');
    const historial = (await apiCall<{ msg: string }[]>(await apiLogin(baseUrl(), USERS.user), 'GET', `/historial/${idCaso}`)).map((entry) => entry.msg);
    expect(historial.filter((msg) => msg.startsWith('Se registra pago de'))).toHaveLength(2);

    await page.goto(`${baseUrl()}/casos/valores`);
    const fila = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(idCaso), exact: true }) });
    await fila.waitFor();
    const celdas = await fila.getByRole('cell').allTextContents();
    // Valor Acordado, Pagado, Pendiente.
    expect(celdas.slice(8, 11)).toEqual([formatPesos('150000'), formatPesos('150000'), formatPesos('0')]);
    await expectNoAxeViolations(page, 'values report with Pagado and Pendiente');
  });

  it('an Admin finishes a case with the agreed amount unpaid only by giving the reason, which the history keeps (on a phone)', async () => {
    const { page } = await open(browser, ADMIN, { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idSinPagar}`);
    await page.getByRole('button', { name: 'Finalizar Caso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Finalizar con pago pendiente' });
    await dialog.getByText(`El valor acordado no está pagado por completo (pendiente ${formatPesos('150000')})`).waitFor();
    await expectNoAxeViolations(page, 'Finalizar con pago pendiente dialog');
    await dialog.getByRole('button', { name: 'Finalizar igualmente' }).click();
    await dialog.getByText('Indique el motivo').waitFor();
    await dialog.getByLabel('Motivo').fill('El tercero cobró por otra vía (acuerdo con la compañía)');
    await dialog.getByRole('button', { name: 'Finalizar igualmente' }).click();
    await expect.poll(() => page.getByTestId('caso-estado').textContent()).toBe('Finalizado');
    const historial = (await apiCall<{ msg: string }[]>(await apiLogin(baseUrl(), ADMIN), 'GET', `/historial/${idSinPagar}`)).map((entry) => entry.msg);
    expect(historial).toContain(
      `Se cierra con acuerdo con el valor acordado pendiente de pago (${formatPesos('150000')}). Motivo: El tercero cobró por otra vía (acuerdo con la compañía)`,
    );
  });

  it('the Tablero shows the card Pagos', async () => {
    const { page } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/tablero`);
    await page.getByRole('region', { name: 'Pagos' }).waitFor();
    await expectNoAxeViolations(page, 'Tablero with the card Pagos');
  });
});
