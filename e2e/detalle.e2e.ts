import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import type { Browser, Page } from 'playwright-core';
import { CONVENIO_MESSAGES } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';
import { pagarAcordado } from './pagos.seed';

const SHOTS = process.env.E2E_SHOTS_DIR;

let browser: Browser;
let adminCookie: string;
let userCookie: string;
let idCompania: number;

const estadoOf = (page: Page) => page.getByTestId('caso-estado').textContent();

async function openCaso(id: number) {
  const session = await open(browser, USERS.user);
  await session.page.goto(`${baseUrl()}/casos/detalleCaso/${id}`);
  await session.page.getByText('Datos del Caso').waitFor();
  return session;
}

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  const stamp = Date.now();
  idCompania = (await seedCompania(adminCookie, `Detalle Seguros ${stamp}`)).id;
  await apiCall(adminCookie, 'POST', '/respo', { nombre: `Responsabilidad Detalle ${stamp}` });
});
afterAll(() => browser?.close());

describe('case detail', () => {
  it('the User takes a case from Pendiente Documentación to Finalizado', async () => {
    const terceros = [
      { apellido: 'Pérez', nombre: 'Juan', id_tipo_doc: 1, nro_doc: '30111222', marca_modelo: 'Fiat Cronos', dominio: 'AC100ZZ' },
      { apellido: 'Sosa', nombre: 'Laura', id_tipo_doc: 1, nro_doc: '31222333', marca_modelo: 'VW Gol', dominio: 'AD200YY' },
    ];
    const id = await seedCaso(userCookie, { idCompania, terceros });
    const { page, context } = await openCaso(id);
    await expect.poll(() => estadoOf(page)).toBe('Pendiente Documentación');
    await expectNoAxeViolations(page, 'detail at status 1');

    // Status 1: upload a document, then 'Documentación completa?' and Grabar advance to 2.
    await page.getByRole('button', { name: 'Subir Doc' }).click();
    const upload = page.getByRole('dialog', { name: 'Subir Doc' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      upload.getByRole('button', { name: 'Seleccionar archivos' }).click(),
    ]);
    await chooser.setFiles({
      name: 'denuncia-policial.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%e2e\n1 0 obj <<>> endobj\n%%EOF\n'),
    });
    await upload.getByLabel('Tipo de denuncia-policial.pdf').click();
    await page.getByRole('option', { name: 'Denuncia', exact: true }).click();
    await expectNoAxeViolations(page, 'Subir Doc dialog with a file');
    await upload.getByRole('button', { name: 'Subir archivos' }).click();
    await page.getByText('Archivos subidos exitosamente').waitFor();
    const card = page.getByRole('listitem', { name: 'Denuncia.pdf' });
    await card.waitFor();
    expect(await card.textContent()).toBe('Denuncia.pdf');

    await card.getByRole('button', { name: 'Acciones de Denuncia.pdf' }).click();
    const [single] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Descargar' }).click()]);
    expect(single.suggestedFilename()).toBe('Denuncia.pdf');

    await page.getByLabel('Documentación completa?').check();
    await page.getByRole('button', { name: 'Grabar' }).click();
    await page.getByText('Caso actualizado exitosamente').waitFor();
    await expect.poll(() => estadoOf(page)).toBe('Coordinar Inspección');

    // Status 2 without an inspection: 'Avanzar Caso' → 3.
    await page.getByRole('button', { name: 'Avanzar Caso' }).click();
    await expect.poll(() => estadoOf(page)).toBe('Análisis');
    await page.getByText('No se cargo un detalle del resultado de la inspeccion').waitFor();
    await page.getByText('No hay cotizacion').waitFor();

    // Status 3: '+ Ofrecimiento' (spec §5 messages first) → 4.
    await page.getByRole('button', { name: '+ Ofrecimiento' }).click();
    const analisis = page.getByRole('dialog', { name: 'Analisis y Ofrecimiento' });
    await analisis.getByRole('button', { name: 'Guardar' }).click();
    await analisis.getByText('Debe seleccionar una responsabilidad').waitFor();
    await analisis.getByText('Debe ingresar un valor ofertado').waitFor();
    await analisis.getByText('Debe ingresar un detalle').waitFor();
    await expectNoAxeViolations(page, 'Analisis y Ofrecimiento dialog with its errors');
    await analisis.getByLabel('Responsabilidad').click();
    await page.getByRole('option', { name: /Responsabilidad Detalle/ }).click();
    // Amounts are read and shown es-AR: ',' for the decimals (two at most), '.' grouping thousands.
    await analisis.getByLabel('Valor Ofertado').fill('150000,555');
    expect(await analisis.getByLabel('Valor Ofertado').inputValue()).toBe('150.000,55');
    await analisis.getByLabel('Detalle').fill('Responsabilidad del tercero acreditada.');
    await analisis.getByLabel('Valor Ofertado').fill('150.000,50');
    await analisis.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Analisis y ofrecimiento guardado exitosamente').waitFor();
    await expect.poll(() => estadoOf(page)).toBe('Ofrecimiento');
    await expect.poll(() => page.getByRole('region', { name: 'Estado del caso' }).textContent()).toMatch(/\$\s150\.000,50/);

    // Status 4: 'Acepta Ofreciemiento' asks for the agreed amount (the offer, or edited) → 5.
    await page.getByRole('button', { name: 'Acepta Ofreciemiento' }).click();
    const aceptar = page.getByRole('dialog', { name: 'Acepta Ofreciemiento' });
    expect(await aceptar.getByLabel('Valor Acordado').inputValue()).toBe('150.000,50');
    await aceptar.getByLabel('Valor Acordado').fill('');
    await aceptar.getByRole('button', { name: 'Aceptar' }).click();
    await expect.poll(() => aceptar.getByLabel('Valor Acordado').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'Acepta Ofreciemiento dialog with its error');
    await aceptar.getByLabel('Valor Acordado').fill('145000');
    await aceptar.getByRole('button', { name: 'Aceptar' }).click();
    await expect.poll(() => estadoOf(page)).toBe('Convenio');
    await expect.poll(() => page.getByRole('region', { name: 'Estado del caso' }).textContent()).toMatch(/Valor Acordado\$\s145\.000,00/);

    // Status 5: the convenios zip for the chosen third party, then 'Convenio Enviado' → 6.
    await page.getByRole('button', { name: 'Seleccionar Convenios' }).click();
    const convenios = page.getByRole('dialog', { name: 'Seleccionar Convenios' });
    expect(await convenios.getByRole('checkbox').count()).toBe(9);
    await convenios.getByLabel('Daños No Titular sin Letrado').check();
    await convenios.getByLabel('Destrucción Total').check();
    expect(await convenios.getByRole('button', { name: 'Descargar' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'Seleccionar Convenios dialog');
    await convenios.getByLabel('Tercero').click();
    await page.getByRole('option', { name: 'Laura Sosa — AD200YY' }).click();
    // No Titular names the owner and the claimant's standing; every convenio, the payee's CBU (check digits).
    await convenios.getByRole('button', { name: 'Descargar' }).click();
    await convenios.getByText(CONVENIO_MESSAGES.required('Titular del vehículo')).waitFor();
    await convenios.getByText(CONVENIO_MESSAGES.noCbu).waitFor();
    await convenios.getByLabel('Titular del vehículo').fill('Jorge Sosa');
    await convenios.getByLabel('Documento del titular').fill('DNI 12.345.678');
    await convenios.getByLabel('Carácter del reclamante').fill('conductora autorizada');
    await convenios.getByLabel('CBU del tercero').fill('2850590940090418135202');
    await convenios.getByText(CONVENIO_MESSAGES.badCbuCheck).waitFor();
    await expectNoAxeViolations(page, 'Seleccionar Convenios with the No Titular data and a wrong CBU');
    await convenios.getByLabel('CBU del tercero').fill('2850590940090418135201');
    const [zip] = await Promise.all([page.waitForEvent('download'), convenios.getByRole('button', { name: 'Descargar' }).click()]);
    expect(zip.suggestedFilename()).toBe('archivos_convenios.zip');
    await page.getByText('Convenios descargados').waitFor();
    const documents = await JSZip.loadAsync(await readFile(await zip.path()));
    expect(Object.keys(documents.files)).toHaveLength(2);
    for (const entry of Object.values(documents.files)) {
      const { value: text } = await mammoth.extractRawText({ buffer: await entry.async('nodebuffer') });
      expect(text).toContain('Laura Sosa');
      expect(text).toContain('PESOS CIENTO CUARENTA Y CINCO MIL CON 00/100');
      expect(text).toContain('CBU N° 2850590940090418135201');
    }
    const noTitular = await documents.file(/No_Titular/)[0]!.async('nodebuffer');
    expect((await mammoth.extractRawText({ buffer: noTitular })).value).toContain(
      'en su carácter de conductora autorizada del vehículo dominio AD200YY (VW Gol), cuyo titular registral es Jorge Sosa, DNI 12.345.678',
    );

    await page.getByRole('button', { name: 'Convenio Enviado' }).click();
    await page.getByText('Convenio enviado', { exact: true }).waitFor();
    await expect.poll(() => estadoOf(page)).toBe('Espera Convenio Firmado');

    await page.getByRole('button', { name: 'Se recibe Convenio' }).click();
    await expect.poll(() => estadoOf(page)).toBe('A Finalizar');

    // The agreed amount is paid before the case finishes (docs/decisions/082).
    await pagarAcordado(userCookie, id, '2850590940090418135201');
    await page.getByRole('button', { name: 'Finalizar Caso' }).click();
    await expect.poll(() => estadoOf(page)).toBe('Finalizado');
    await page.getByText('Fecha de Cierre').waitFor();
    await page.getByRole('button', { name: 'Reabrir Caso' }).waitFor();
    await expectNoAxeViolations(page, 'detail of a finished case');
    expect(await page.getByRole('button', { name: 'Cierre Caso' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reinspeccionar Caso' }).count()).toBe(0);

    const historial = (await apiCall<{ msg: string }[]>(userCookie, 'GET', `/historial/${id}`)).map((entry) => entry.msg);
    expect(historial).toContain('Se genero analisis y ofrecimiento');
    expect(historial).toContain('Alta caso');

    // The history dialog: 70 % of the viewport, each row with its date and time of day.
    await page.getByRole('button', { name: 'Ver Historial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Historial' });
    const row = dialog.locator('tbody tr').first();
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expectNoAxeViolations(page, 'Historial dialog');
    const width = await dialog.evaluate((element) => element.getBoundingClientRect().width / window.innerWidth);
    expect(width).toBeGreaterThan(0.68);
    expect(width).toBeLessThan(0.72);
    await context.close();
  });

  it('a case closed with a reason reopens to the status it had, and reinspecting sends it back to 2', async () => {
    const id = await seedCaso(userCookie, { idCompania });
    await apiCall(userCookie, 'PATCH', `/casos/avanza/${id}`, {});
    await apiCall(userCookie, 'PATCH', `/casos/avanza/${id}`, {});
    const { page, context } = await openCaso(id);
    await expect.poll(() => estadoOf(page)).toBe('Análisis');

    await page.getByRole('button', { name: 'Cierre Caso' }).click();
    const cierre = page.getByRole('dialog', { name: 'Cierre Caso' });
    expect(await cierre.getByRole('radio').count()).toBe(11);
    await expectNoAxeViolations(page, 'Cierre Caso dialog');
    await cierre.getByLabel('Tercero no Encontrado').check();
    await cierre.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Cierre guardado exitosamente').waitFor();
    // The page reloads by itself 1.5 s later (spec §8).
    await page.waitForEvent('load');
    await page.getByText('Datos del Caso').waitFor();
    await expect.poll(() => estadoOf(page)).toBe('Tercero no Encontrado');

    await page.getByRole('button', { name: 'Reabrir Caso' }).click();
    const confirmReopen = page.getByRole('dialog');
    await confirmReopen.getByText('Esta seguro de Reabrir el caso?').waitFor();
    await expectNoAxeViolations(page, 'Reabrir confirmation');
    await confirmReopen.getByRole('button', { name: 'SI' }).click();
    await page.getByText('Se reabriró el caso exitosamente').waitFor();
    await expect.poll(() => estadoOf(page)).toBe('Análisis');

    await page.getByRole('button', { name: 'Reinspeccionar Caso' }).click();
    const confirmReinspect = page.getByRole('dialog');
    await confirmReinspect.getByText('Esta seguro de reinspeccionar el caso?').waitFor();
    await confirmReinspect.getByRole('button', { name: 'NO' }).click();
    await expect.poll(() => estadoOf(page)).toBe('Análisis');
    await page.getByRole('button', { name: 'Reinspeccionar Caso' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'SI' }).click();
    await page.getByText('Se reinspeccionó el caso exitosamente').waitFor();
    await expect.poll(() => estadoOf(page)).toBe('Coordinar Inspección');
    await expectNoAxeViolations(page, 'detail after reinspecting');
    await context.close();
  });

  it('a case moved on in another tab answers 409 with its message and the screen catches up', async () => {
    const id = await seedCaso(userCookie, { idCompania });
    await apiCall(userCookie, 'PATCH', `/casos/avanza/${id}`, {});
    const { page, context, allow } = await openCaso(id);
    allow(/status of 409 .*\/api\/casos\/avanza\//);
    await expect.poll(() => estadoOf(page)).toBe('Coordinar Inspección');
    await apiCall(userCookie, 'PATCH', `/casos/avanza/${id}`, { id_estado: 2 });
    await page.getByRole('button', { name: 'Avanzar Caso' }).click();
    await page.getByText('El caso cambió de estado mientras tanto. Recargue la página e intente nuevamente.').waitFor();
    await expectNoAxeViolations(page, 'detail with the 409 toast');
    await expect.poll(() => estadoOf(page)).toBe('Análisis');
    await context.close();
  });

  it('a flag toggled on the bar survives a reload', async () => {
    const id = await seedCaso(userCookie, { idCompania });
    const { page, context } = await openCaso(id);
    const urgente = page.getByRole('checkbox', { name: 'Urgente' });
    expect(await urgente.isChecked()).toBe(false);
    await Promise.all([
      page.waitForResponse(
        (response) => response.url().includes(`/api/casos/flag/${id}`) && response.request().method() === 'PATCH' && response.ok(),
      ),
      page.getByText('Urgente', { exact: true }).click(),
    ]);
    await expect.poll(() => urgente.isChecked()).toBe(true);
    await expectNoAxeViolations(page, 'detail with a flag on');
    await page.reload();
    await page.getByText('Datos del Caso').waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Urgente' }).isChecked()).toBe(true);
    expect((await apiCall<Record<string, boolean>>(userCookie, 'GET', `/casos/flag/${id}`)).urg).toBe(true);
    await context.close();
  });

  it('the form reports each failing field, adds a third party and saves a lawyer', async () => {
    const id = await seedCaso(userCookie, { idCompania });
    const { page, context } = await openCaso(id);
    // Grabar is on screen at the top of a form far taller than the window: the save bar sticks to the bottom.
    const saveBar = page.getByTestId('caso-save-bar');
    const grabar = saveBar.getByRole('button', { name: 'Grabar' });
    expect(await page.evaluate(() => document.documentElement.scrollHeight > 2 * window.innerHeight)).toBe(true);
    const box = (await grabar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(box.y).toBeGreaterThan(800);
    expect(await saveBar.getByRole('status').textContent()).toBe('');

    await page.getByLabel('Gestor').fill('');
    await expect.poll(() => saveBar.getByRole('status').textContent()).toBe('Cambios sin guardar');
    await page.getByRole('button', { name: '+ Tercero' }).click();
    await page.getByRole('button', { name: 'Grabar' }).click();
    await page.getByText('El gestor es requerido - Caso - gestor').waitFor();
    await page.getByText('El apellido es requerido - Tercero - apellido').waitFor();
    await expectNoAxeViolations(page, 'detail form with its errors');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');

    await page.getByLabel('Gestor').fill('Gestor Editado');
    const nuevo = page.getByRole('group', { name: 'Tercero 2' });
    await nuevo.getByLabel('Apellido').fill('Ramírez');
    await nuevo.getByLabel('Nro. Documento').fill('33444555');
    await nuevo.getByLabel('Marca y Modelo').fill('VW Gol');
    await nuevo.getByLabel('Dominio').fill('ad200xx');
    await page.getByRole('group', { name: 'Asegurado' }).getByLabel('Suma asegurada').fill('2500000,75');
    await page.getByRole('button', { name: 'Grabar' }).click();
    await page.getByText('Caso actualizado exitosamente').waitFor();
    await expect.poll(() => saveBar.getByRole('status').textContent()).toBe('');

    await page.reload();
    await page.getByText('Datos del Caso').waitFor();
    expect(await page.getByLabel('Gestor').inputValue()).toBe('Gestor Editado');
    expect(await page.getByRole('group', { name: 'Tercero 2' }).getByLabel('Dominio').inputValue()).toBe('AD200XX');
    expect(await page.getByRole('group', { name: 'Asegurado' }).getByLabel('Suma asegurada').inputValue()).toBe('2.500.000,75');

    await page.getByRole('button', { name: '+ Letrado' }).click();
    const letrado = page.getByRole('dialog', { name: 'Letrado' });
    await letrado.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El apellido es requerido - Letrado - apellido').waitFor();
    await expectNoAxeViolations(page, 'Letrado dialog with its error');
    await letrado.getByLabel('Apellido').fill('Fernández');
    await letrado.getByLabel('Mail').fill('estudio@fernandez.com.ar');
    await letrado.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Letrado accionado exitosamente').waitFor();
    await letrado.waitFor({ state: 'detached' });
    // Focus back on the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('+ Letrado');
    await page.getByRole('button', { name: '+ Letrado' }).click();
    expect(await page.getByRole('dialog', { name: 'Letrado' }).getByLabel('Apellido').inputValue()).toBe('Fernández');
    await context.close();
  });

  it('the Línea de tiempo shows the case’s events newest first, filters them by kind and leads to their screens (issue 44 item 3)', async () => {
    const id = await seedCaso(userCookie, { idCompania });
    await apiCall(userCookie, 'POST', '/historial', { id_caso: id, msg: 'Llamé al tercero por el presupuesto' });
    await apiCall(userCookie, 'POST', `/lesionados/${id}`, { apellido: 'Herido', nombre: 'Pedro', id_tipo_doc: 1, nro_doc: '40111222' });
    const { page, context } = await openCaso(id);
    const linea = page.getByRole('region', { name: 'Línea de tiempo' });
    // Folded until asked for: the spec's detail as it was.
    expect(await linea.getByRole('list', { name: 'Eventos' }).count()).toBe(0);
    await linea.getByRole('button', { name: 'Mostrar línea de tiempo' }).click();
    const eventos = linea.getByRole('list', { name: 'Eventos' });
    await eventos.getByText('Llamé al tercero por el presupuesto').waitFor();
    await eventos.getByText('Herido, Pedro').waitFor();
    // Newest first: the injured person was added after the message.
    const textos = await eventos.getByRole('listitem').allTextContents();
    expect(textos.findIndex((text) => text.includes('Herido, Pedro'))).toBeLessThan(textos.findIndex((text) => text.includes('Llamé al tercero')));
    await expectNoAxeViolations(page, 'detail with its Línea de tiempo');
    await linea.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/linea-de-tiempo-1440.png`, fullPage: true });

    // Filter: without 'Mensajes' the message goes, the injured person stays.
    await linea.getByRole('group', { name: 'Filtrar por tipo' }).locator('label', { hasText: /^Mensajes$/ }).click();
    await eventos.getByText('Llamé al tercero por el presupuesto').waitFor({ state: 'detached' });
    await eventos.getByText('Herido, Pedro').waitFor();
    await expectNoAxeViolations(page, 'Línea de tiempo filtered');

    // The injured person's item leads to the case's Lesionados.
    await eventos.getByRole('link', { name: 'Abrir lesionado: Herido, Pedro' }).click();
    await page.waitForURL(`**/lesionados/${id}`);
    // Remembered in this browser: back on the case it is open.
    await page.goBack();
    await eventos.getByText('Herido, Pedro').waitFor();
    await context.close();
  });

  it('a .docx of the case is shown as PDF in the viewer, Anterior / Siguiente going through the case’s other documents (issue 44 item 4)', async () => {
    const id = await seedCaso(userCookie, { idCompania });
    const { page, context } = await openCaso(id);
    await page.getByRole('button', { name: 'Subir Doc' }).click();
    const upload = page.getByRole('dialog', { name: 'Subir Doc' });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), upload.getByRole('button', { name: 'Seleccionar archivos' }).click()]);
    await chooser.setFiles([
      { name: 'convenio.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await readFile('apps/server/templates/convenios/Convenio_1_Danos_Titular_sin_Letrado.docx') },
      { name: 'denuncia.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e\n1 0 obj <<>> endobj\n%%EOF\n') },
    ]);
    for (const [file, tipo] of [['convenio.docx', 'Convenio'], ['denuncia.pdf', 'Denuncia']] as const) {
      await upload.getByLabel(`Tipo de ${file}`).click();
      await page.getByRole('option', { name: tipo, exact: true }).click();
    }
    await upload.getByRole('button', { name: 'Subir archivos' }).click();
    await page.getByText('Archivos subidos exitosamente').waitFor();
    await page.getByRole('listitem', { name: 'Convenio.docx' }).getByRole('button', { name: 'Acciones de Convenio.docx' }).click();
    await page.getByRole('menuitem', { name: 'Ver' }).click();
    const visor = page.getByRole('dialog', { name: 'Convenio.docx' });
    // Drawn by pdf.js from the PDF LibreOffice made of it (the server's preview route).
    await visor.getByRole('img', { name: /^Página 1 de \d+ de Convenio\.docx$/ }).waitFor({ timeout: 60_000 });
    await expectNoAxeViolations(page, 'viewer with a .docx as PDF');
    await visor.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await page.getByRole('dialog', { name: 'Denuncia.pdf' }).waitFor();
    await page.getByRole('dialog', { name: 'Denuncia.pdf' }).getByRole('button', { name: 'Anterior', exact: true }).click();
    await page.getByRole('dialog', { name: 'Convenio.docx' }).waitFor();
    await context.close();
  });
});
