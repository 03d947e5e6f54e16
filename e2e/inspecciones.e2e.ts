import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDaysIso, formatAgendaDay, formatDate, formatPesos, INSPECCION_MESSAGES, todayIso } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, linksOffSizeInTables, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/** A second inspector, so the inspection can be reassigned and the first one sees only theirs. */
const CARLA = { apellido: 'Sosa', nombre: 'Carla', username: 'carla.inspecciones@e2e.local', password: 'Carla-E2E-Clave', rol: 3 } as const;
const PHONE = { width: 390, height: 844 };
/** The first inspection's date: a week from today, so that its close comes early. */
const AGENDADA = addDaysIso(todayIso(), 7);

let browser: Browser;
let adminCookie: string;
let userCookie: string;
let idCompania: number;
let idResponsabilidad: number;

/** A case with a third party, registered and advanced to 2 (Coordinar Inspección) through the API. */
async function seedCasoEnInspeccion(): Promise<number> {
  const id = await seedCaso(userCookie, { idCompania, lugar_siniestro: 'Av. Santa Fe 3200, CABA' });
  await apiCall(userCookie, 'PATCH', `/casos/avanza/${id}`, {});
  return id;
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  const stamp = Date.now();
  idCompania = (await seedCompania(adminCookie, `Inspecciones Seguros ${stamp}`)).id;
  idResponsabilidad = (
    await apiCall<{ data: { id: number } }>(adminCookie, 'POST', '/respo', { nombre: `Responsabilidad Inspecciones ${stamp}` })
  ).data.id;
  await apiCall(adminCookie, 'POST', '/users', { ...CARLA, password2: CARLA.password });
});
afterAll(() => browser?.close());

describe('inspections', () => {
  let idCaso: number;
  let idInspeccion: number;
  let idOtroCaso: number;
  const resultado = 'Daños en paragolpes trasero y baúl; se cotizan repuestos originales.';
  const monto = '150000.5';

  it('a User schedules an inspection on a case at status 2 and reassigns it to another inspector', async () => {
    idCaso = await seedCasoEnInspeccion();
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await page.getByRole('button', { name: '+ Inspeccion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva Inspeccion' });

    // Spec §5: each failing rule is a toast 'field: message'.
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(`Inspector: ${INSPECCION_MESSAGES.inspectorRequired}`).waitFor();
    await page.getByText('Dirección: La dirección es requerida').waitFor();
    await expectNoAxeViolations(page, 'Nueva Inspeccion dialog with its errors');

    await dialog.getByRole('combobox', { name: 'Inspector' }).click();
    await page.getByRole('option', { name: `${CARLA.apellido} ${CARLA.nombre}` }).click();
    // Scheduled a week ahead: the inspector will close it early, and be asked first.
    await dialog.getByLabel('Fecha').fill(formatDate(AGENDADA));
    await dialog.getByLabel('Fecha').press('Tab');
    // The hour is optional (docs/decisions/086); the case's table shows it beside the date.
    await dialog.getByLabel('Hora', { exact: true }).fill('10');
    await dialog.getByLabel('Minutos').fill('30');
    expect(await dialog.getByLabel('Dirección').getAttribute('maxlength')).toBe('50');
    expect(await dialog.getByLabel('Detalle').getAttribute('maxlength')).toBe('200');
    await dialog.getByLabel('Dirección').fill('Taller Norte, Av. Cabildo 100');
    await dialog.getByLabel('Detalle').fill('Revisar paragolpes trasero');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(INSPECCION_MESSAGES.scheduled).waitFor();

    const panel = page.getByRole('region', { name: 'Inspeccion' });
    const row = panel.getByRole('row', { name: /Taller Norte/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${formatDate(AGENDADA)} 10:30`);
    expect(await row.textContent()).toContain('Coordinada');
    expect(await panel.getByRole('button', { name: '+ Inspeccion' }).count()).toBe(0);
    idInspeccion = Number(await row.getByRole('cell').first().textContent());

    // Editar opens the same form prefilled.
    await row.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Inspeccion' });
    expect(await edit.getByLabel('Dirección').inputValue()).toBe('Taller Norte, Av. Cabildo 100');
    await expectNoAxeViolations(page, 'Editar Inspeccion dialog');
    await edit.getByLabel('Dirección').fill('Taller Norte, Av. Cabildo 200');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(INSPECCION_MESSAGES.edited).waitFor();
    await panel.getByRole('row', { name: /Cabildo 200/ }).waitFor();

    // Another case's inspection stays with Carla: Ramiro must not see it.
    idOtroCaso = await seedCasoEnInspeccion();
    const inspectores = await apiCall<{ id: number; apellido: string; nombre: string }[]>(userCookie, 'GET', '/inspector');
    const carla = inspectores.find((item) => item.apellido === CARLA.apellido && item.nombre === CARLA.nombre)!;
    await apiCall(userCookie, 'POST', `/inspeccion/${idOtroCaso}`, {
      id_inspector: carla.id,
      fecha_inspeccion: '2026-10-21',
      direccion: 'Otro taller',
      detalle: 'Otra revision',
    });

    // All inspections: filter by case, reassign from the inspector cell.
    await page.goto(`${baseUrl()}/inspecciones/allinspecciones`);
    await page.getByLabel('Nro Caso').fill(String(idCaso));
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => page.getByTestId('inspecciones-total').textContent()).toBe(`${INSPECCION_MESSAGES.total}: 1`);
    const listRow = page.locator('tbody tr').first();
    await listRow.waitFor();
    expect(await listRow.getByRole('cell').first().textContent()).toBe(String(idInspeccion));
    expect(await listRow.textContent()).toContain(INSPECCION_MESSAGES.noResult);
    expect(await listRow.getByRole('link', { name: `Ver inspeccion ${idInspeccion}` }).getAttribute('href')).toBe(
      `/inspecciones/viewinspeccion/${idInspeccion}`,
    );
    expect(await linksOffSizeInTables(page)).toEqual([]);
    await expectNoAxeViolations(page, 'all inspections, filtered');
    await listRow.getByRole('button', { name: `${CARLA.apellido} ${CARLA.nombre}` }).click();
    const reassign = page.getByRole('dialog', { name: 'Inspectores' });
    await expectNoAxeViolations(page, 'Inspectores dialog');
    await reassign.getByRole('combobox', { name: 'Inspector' }).click();
    await page.getByRole('option', { name: `${USERS.inspector.apellido} ${USERS.inspector.nombre}` }).click();
    await reassign.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(INSPECCION_MESSAGES.inspectorUpdated).waitFor();
    await listRow.getByRole('button', { name: `${USERS.inspector.apellido} ${USERS.inspector.nombre}` }).waitFor();
    await context.close();
  });

  it('a User deletes a scheduled inspection after confirming, and can schedule again', async () => {
    const idCasoBorrar = await seedCasoEnInspeccion();
    const inspectores = await apiCall<{ id: number }[]>(userCookie, 'GET', '/inspector');
    await apiCall(userCookie, 'POST', `/inspeccion/${idCasoBorrar}`, {
      id_inspector: inspectores[0]!.id,
      fecha_inspeccion: '2026-10-22',
      direccion: 'Taller a borrar',
      detalle: 'Sin detalle',
    });
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCasoBorrar}`);
    const panel = page.getByRole('region', { name: 'Inspeccion' });
    await panel
      .getByRole('row', { name: /Taller a borrar/ })
      .getByRole('button', { name: 'Eliminar Inspeccion' })
      .click();
    await page.getByRole('dialog', { name: 'Eliminar Inspeccion' }).waitFor();
    await expectNoAxeViolations(page, 'Eliminar Inspeccion confirmation');
    await page.getByRole('dialog', { name: 'Eliminar Inspeccion' }).getByRole('button', { name: 'SI' }).click();
    await page.getByText(INSPECCION_MESSAGES.deleted).waitFor();
    await panel.getByRole('button', { name: '+ Inspeccion' }).waitFor();
    expect(await panel.getByRole('row').count()).toBe(0);
    await context.close();
  });

  it('the inspector sees only theirs and closes it from a phone with two files', async () => {
    const { page, context } = await open(browser, USERS.inspector, PHONE);
    await page.goto(`${baseUrl()}/inspecciones`);
    // The agenda (docs/decisions/086; e2e/agenda-inspector.e2e.ts): a week ahead, under Próximas.
    const card = page.getByRole('list', { name: formatAgendaDay(AGENDADA) }).getByRole('listitem', { name: `Caso ${idCaso}` });
    await card.waitFor();
    expect(await page.getByRole('listitem', { name: `Caso ${idOtroCaso}` }).count()).toBe(0);
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoAxeViolations(page, "inspector's list at 390 px");
    // The menu is off screen: none of its links takes a Tab stop.
    expect(await page.getByRole('navigation', { name: 'Menú principal' }).evaluate((nav) => nav.closest('[inert]') !== null)).toBe(true);
    await page.getByRole('button', { name: 'Menú', exact: true }).click();
    await expectNoAxeViolations(page, "inspector's menu open at 390 px");
    await page.getByRole('button', { name: 'Menú', exact: true }).click();

    await card.getByRole('link', { name: `Ver inspeccion ${idInspeccion}` }).click();
    await page.waitForURL(`**/inspecciones/detalleInspeccion/${idInspeccion}`);
    await page.getByText('Taller Norte, Av. Cabildo 200').waitFor();
    await page.getByText('Av. Santa Fe 3200, CABA').waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'inspection to close at 390 px');

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(`Resultado de la inspeccion: ${INSPECCION_MESSAGES.noResultado}`).first().waitFor();
    await page.getByText(`Cotizacion: ${INSPECCION_MESSAGES.noCotizacion}`).first().waitFor();
    await expectNoAxeViolations(page, 'inspection to close with its errors at 390 px');

    // The two required documents (the photo checklist's camera inputs are e2e/inspeccion-fotos.e2e.ts's).
    const files = page.locator('input[type="file"]:not([accept="image/*"])');
    expect(await files.count()).toBe(2);
    for (const index of [0, 1]) {
      expect(await files.nth(index).getAttribute('accept')).toBe('image/*,application/pdf');
      expect(await files.nth(index).getAttribute('capture')).toBe('environment');
    }
    await page.getByLabel('Resultado de la inspeccion').fill(resultado);
    await page.getByLabel('Monto de la Inspeccion').fill('150000,50');
    await files
      .nth(0)
      .setInputFiles({ name: 'informe-inspeccion.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 informe') });
    await files
      .nth(1)
      .setInputFiles({ name: 'foto-cotizacion.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]) });
    // A week before its date: the close asks first; NO leaves it open, SI closes it.
    const question = INSPECCION_MESSAGES.confirmEarlyClose(formatDate(AGENDADA));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('dialog', { name: 'Confirmar' }).getByText(question).waitFor();
    await expectNoAxeViolations(page, 'early close question at 390 px');
    await page.getByRole('button', { name: 'NO', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirmar' }).waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/inspecciones/detalleInspeccion/${idInspeccion}`);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('button', { name: 'SI', exact: true }).click();
    await page.getByText(INSPECCION_MESSAGES.closed, { exact: true }).waitFor();
    await page.waitForURL(/\/inspecciones$/);

    await expect.poll(() => page.getByRole('listitem', { name: `Caso ${idCaso}` }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Finalizadas' }).click();
    const closed = page.getByRole('listitem', { name: `Caso ${idCaso}` });
    await closed.getByText('Finalizada', { exact: true }).waitFor();
    expect(await closed.getByRole('link', { name: /Ver inspeccion/ }).count()).toBe(0);
    await expectNoAxeViolations(page, "inspector's list with a finished one at 390 px");
    await context.close();
  });

  it('the User sees the case at status 3 with the result and amount, and the read-only view', async () => {
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await expect.poll(() => page.getByTestId('caso-estado').textContent()).toBe('Análisis');
    await page.getByText(resultado).first().waitFor();
    await page.getByText(formatPesos(monto)).first().waitFor();

    await page.goto(`${baseUrl()}/inspecciones/viewinspeccion/${idInspeccion}`);
    await page.getByText(formatPesos(monto)).waitFor();
    await page.getByText(resultado).waitFor();
    await page.getByText(formatDate(todayIso())).first().waitFor();
    await page.getByRole('link', { name: /^Inspeccion\./ }).waitFor();
    await page.getByRole('link', { name: /^Repuestos\./ }).waitFor();
    await expectNoAxeViolations(page, 'read-only inspection');
    // Opened by hand (not by the list), the tab cannot close itself: it goes back to the list.
    await page.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
    await page.waitForURL('**/inspecciones/allinspecciones');
    await context.close();
  });

  it('the values report lists the closed case with its amounts in pesos', async () => {
    const valorOfertado = '98000.00';
    await apiCall(userCookie, 'PATCH', `/casos/analisis/${idCaso}`, {
      id_responsabilidad: idResponsabilidad,
      valor_ofertado: valorOfertado,
      analisis: 'Responsabilidad del tercero',
    });

    const { page, context } = await open(browser, USERS.user);
    // At status 4, when the offer is weighed against the inspector's quote, both stay in view.
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await expect.poll(() => page.getByTestId('caso-estado').textContent()).toBe('Ofrecimiento');
    const estado = page.getByRole('region', { name: 'Estado del caso' });
    await estado.getByText(resultado).waitFor();
    await estado.getByText(formatPesos(monto)).waitFor();
    await estado.getByText(formatPesos(valorOfertado)).waitFor();
    await expectNoAxeViolations(page, 'detail at status 4 with the inspection');

    await apiCall(userCookie, 'PATCH', `/casos/cerrar/t/${idCaso}`, { id_estado: 17 });
    await page.goto(`${baseUrl()}/casos/valores`);
    await page.getByRole('combobox', { name: 'Compañia' }).click();
    await page.getByRole('option', { name: /^Inspecciones Seguros/ }).click();
    await expect.poll(() => page.getByTestId('valores-total').textContent()).toBe('Filtrados: 1');
    const row = page.locator('tbody tr').first();
    expect(await row.getByRole('cell').first().textContent()).toBe(String(idCaso));
    const text = await row.textContent();
    expect(text).toContain('Cerrado con Acuerdo');
    expect(text).toContain(formatPesos(monto));
    expect(text).toContain(formatPesos(valorOfertado));
    expect(text).toContain(formatDate(todayIso()));
    expect(await row.getByRole('link', { name: `Abrir caso ${idCaso}` }).getAttribute('href')).toBe(`/casos/detalleCaso/${idCaso}`);
    await expectNoAxeViolations(page, 'values report');

    // Enter in a closing date applies it: tomorrow onwards leaves nothing.
    const tomorrow = new Date(`${todayIso()}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    await page.getByLabel('Fecha Cierre Desde').fill(formatDate(tomorrow.toISOString()));
    await page.getByLabel('Fecha Cierre Desde').press('Enter');
    await expect.poll(() => page.getByTestId('valores-total').textContent()).toBe('Filtrados: 0');
    await page.getByText('No hay datos que cumplan con los filtros seleccionados...').waitFor();
    await expectNoAxeViolations(page, 'values report without matches');
    await context.close();
  });
});
