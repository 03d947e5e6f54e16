import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  addDaysIso,
  AUDIENCIA_LUGAR_LIST_MAX,
  AUDIENCIA_MESSAGES,
  CASO_MESSAGES,
  formatDate,
  LESIONADO_MESSAGES,
  todayIso,
} from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, linksOffSizeInTables, open } from './browser';
import { apiCall, seedCaso, seedCompania, type SeedCompania } from './seed';

const dayFrom = (days: number) => addDaysIso(todayIso(), days);

let browser: Browser;
let adminCookie: string;
let userCookie: string;
let companias: SeedCompania[];

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  const stamp = Date.now();
  companias = [];
  for (const nombre of [`Mediacion Norte ${stamp}`, `Mediacion Sur ${stamp}`]) {
    companias.push(await seedCompania(adminCookie, nombre));
  }
});
afterAll(() => browser?.close());

describe('injured people', () => {
  it('a User adds an injured person to a case and edits it', async () => {
    const idCaso = await seedCaso(userCookie, { idCompania: companias[0]!.id });
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/lesionados/${idCaso}`);
    await page.getByText(LESIONADO_MESSAGES.empty).waitFor();

    await page.getByRole('button', { name: 'Nuevo Lesionado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Lesionado' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El apellido es requerido').waitFor();
    await dialog.getByText(LESIONADO_MESSAGES.tipoDocRequired).waitFor();
    await expectNoAxeViolations(page, 'Nuevo Lesionado dialog with its errors');
    await dialog.getByLabel('Apellido').fill('Romero');
    await dialog.getByLabel('Nombre').fill('Julieta');
    await dialog.getByRole('combobox', { name: 'Tipo Doc' }).click();
    await page.getByRole('option', { name: 'DNI', exact: true }).click();
    await dialog.getByLabel('Nro Doc').fill('40123456');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(LESIONADO_MESSAGES.created).waitFor();
    const row = page.getByRole('row', { name: /Romero/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('DNI');
    expect(await row.textContent()).toContain('40123456');
    expect(await linksOffSizeInTables(page)).toEqual([]);
    await expectNoAxeViolations(page, 'injured people of a case');

    await row.getByRole('button', { name: 'Ver' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Lesionado' });
    await expectNoAxeViolations(page, 'Editar Lesionado dialog');
    expect(await edit.getByLabel('Apellido').inputValue()).toBe('Romero');
    await edit.getByLabel('Nombre').fill('Julieta Inés');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(LESIONADO_MESSAGES.updated).waitFor();
    await page.getByRole('row', { name: /Julieta Inés/ }).waitFor();

    await page.getByRole('link', { name: 'Volver' }).click();
    await page.waitForURL(`**/casos/detalleCaso/${idCaso}`);
    await context.close();
  });
});

describe('hearings', () => {
  const lugar =
    'Centro de Mediación Prejudicial, Lavalle 1250 piso 3 oficina B, Ciudad Autónoma de Buenos Aires. Presentarse con DNI y poder del letrado, 15 minutos antes.';
  let idCaso: number;
  let nro: string;

  it('a User adds a hearing to a case and edits it', async () => {
    idCaso = await seedCaso(userCookie, { idCompania: companias[0]!.id });
    nro = `MED-${Date.now() % 1_000_000}`;
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/audiencias/${idCaso}`);
    await page.getByText(AUDIENCIA_MESSAGES.empty).waitFor();

    await page.getByRole('button', { name: 'Nueva Audiencia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva Audiencia' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText(AUDIENCIA_MESSAGES.lugarRequired).waitFor();
    await expectNoAxeViolations(page, 'Nueva Audiencia dialog with its errors');
    // Today: the agenda highlights it.
    await dialog.getByLabel('Fecha').fill(formatDate(todayIso()));
    await dialog.getByLabel('Fecha').press('Tab');
    await dialog.getByLabel(/^Hora/).fill('09');
    await dialog.getByLabel('Minutos').fill('45');
    expect(await dialog.getByLabel('Audiencia Nro').getAttribute('maxlength')).toBe('20');
    expect(await dialog.getByLabel('Lugar/Descripcion').getAttribute('maxlength')).toBe('400');
    await dialog.getByLabel('Audiencia Nro').fill(nro);
    await dialog.getByLabel('Lugar/Descripcion').fill(lugar);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(AUDIENCIA_MESSAGES.created).waitFor();

    const row = page.getByRole('row', { name: new RegExp(nro) });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(formatDate(todayIso()));
    expect(text).toContain('09:45');
    expect(text).toContain(`${lugar.slice(0, AUDIENCIA_LUGAR_LIST_MAX)}...`);
    await expectNoAxeViolations(page, 'hearings of a case');

    await row.getByRole('button', { name: 'Ver' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Audiencia' });
    expect(await edit.getByLabel('Audiencia Nro').inputValue()).toBe(nro);
    await edit.getByLabel('Lugar/Descripcion').fill('Sala 4, Lavalle 1250');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(AUDIENCIA_MESSAGES.updated).waitFor();
    await page.getByRole('row', { name: /Sala 4, Lavalle 1250/ }).waitFor();
    await context.close();
  });

  it('all hearings filter by number, company and dates, and open the case in a new tab', async () => {
    const otroCaso = await seedCaso(userCookie, { idCompania: companias[1]!.id });
    await apiCall(userCookie, 'POST', `/mediacion/${otroCaso}`, {
      fechah: dayFrom(7),
      hora: '11:00',
      mediacion_nro: `${nro}-B`,
      lugar: 'Juzgado Civil 12',
    });
    await apiCall(userCookie, 'POST', `/mediacion/${otroCaso}`, {
      fechah: dayFrom(-3),
      hora: '10:00',
      mediacion_nro: `${nro}-C`,
      lugar: 'Juzgado Civil 3',
    });

    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/audiencias/allaudiencias`);
    await expect.poll(() => page.getByTestId('audiencias-total').textContent()).toMatch(new RegExp(`^${AUDIENCIA_MESSAGES.total}: \\d+$`));
    expect(await page.getByRole('button', { name: 'Filtrar' }).count()).toBe(0);

    await page.getByLabel('Audiencia Nro').fill(nro);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    // An agenda: upcoming ones first (today's highlighted, with its case and claim number), the past apart.
    await expect.poll(() => page.getByTestId('audiencias-total').textContent()).toBe(`${AUDIENCIA_MESSAGES.total}: 2`);
    const first = page.locator('tbody tr').first();
    expect(await first.textContent()).toContain(formatDate(todayIso()));
    expect(await first.getAttribute('data-today')).toBe('true');
    await first.getByText('Hoy', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'all hearings, upcoming');
    expect(await first.getByRole('link', { name: String(idCaso), exact: true }).getAttribute('href')).toBe(`/casos/detalleCaso/${idCaso}`);
    expect(await page.locator('tbody tr').nth(1).textContent()).toContain(formatDate(dayFrom(7)));
    await page.getByText('Pasadas', { exact: true }).click();
    await expect.poll(() => page.getByTestId('audiencias-total').textContent()).toBe(`${AUDIENCIA_MESSAGES.total}: 1`);
    expect(await page.locator('tbody tr').first().textContent()).toContain(`${nro}-C`);
    await expectNoAxeViolations(page, 'all hearings, past');
    await page.getByText('Próximas', { exact: true }).click();
    await expect.poll(() => page.getByTestId('audiencias-total').textContent()).toBe(`${AUDIENCIA_MESSAGES.total}: 2`);

    await page.getByRole('combobox', { name: 'Compañia' }).click();
    await page.getByRole('option', { name: companias[1]!.nombre }).click();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => page.getByTestId('audiencias-total').textContent()).toBe(`${AUDIENCIA_MESSAGES.total}: 1`);
    const row = page.locator('tbody tr').first();
    expect(await row.textContent()).toContain(companias[1]!.nombre);
    expect(await row.textContent()).toContain(formatDate(dayFrom(7)));
    const link = row.getByRole('link', { name: `Abrir caso ${otroCaso}` });
    expect(await link.getAttribute('href')).toBe(`/casos/detalleCaso/${otroCaso}`);
    expect(await link.getAttribute('target')).toBe('_blank');

    // Edit from the list.
    await row.getByRole('button', { name: 'Ver' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Audiencia' });
    await expectNoAxeViolations(page, 'Editar Audiencia dialog from the list');
    await edit.getByLabel('Lugar/Descripcion').fill('Juzgado Civil 14');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(AUDIENCIA_MESSAGES.updated).waitFor();
    await page.getByRole('row', { name: /Juzgado Civil 14/ }).waitFor();

    await page.getByLabel('Fecha Desde').fill(formatDate(dayFrom(30)));
    await page.getByLabel('Fecha Desde').press('Tab');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText(CASO_MESSAGES.noResults).waitFor();
    expect(await page.getByTestId('audiencias-total').textContent()).toBe(`${AUDIENCIA_MESSAGES.total}: 0`);
    await expectNoAxeViolations(page, 'all hearings without matches');

    // Volver clears the filters and hides the buttons again.
    await page.getByRole('button', { name: 'Volver' }).click();
    expect(await page.getByLabel('Audiencia Nro').inputValue()).toBe('');
    await expect.poll(() => page.getByRole('button', { name: 'Filtrar' }).count()).toBe(0);
    await page
      .getByRole('row', { name: new RegExp(nro) })
      .first()
      .waitFor();
    await context.close();
  });
});
