import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDaysIso, formatAgendaDay, formatDate, INSPECCION_AGENDA_TEXTS, todayIso } from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/**
 * Issue 43 item 1 (docs/decisions/086): 'Mis Inspecciones' as the inspector's agenda, on a phone.
 * An inspector of this file's own, so that no other file's visits join the agenda.
 */
const NORA = { apellido: 'Agenda', nombre: 'Nora', username: 'nora.agenda@e2e.local', password: 'Nora-E2E-Clave', rol: 3 } as const;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.E2E_SHOTS_DIR;
const HOY = todayIso();

let browser: Browser;
const casos: Record<'ayer' | 'hoyTarde' | 'hoyTemprano' | 'pasado' | 'cerrada', number> = { ayer: 0, hoyTarde: 0, hoyTemprano: 0, pasado: 0, cerrada: 0 };
const DIRECCION_AYER = 'Taller Sur, Av. Roca 1500 (CABA)';

beforeAll(async () => {
  browser = await launch();
  const adminCookie = await apiLogin(baseUrl(), ADMIN);
  const userCookie = await apiLogin(baseUrl(), USERS.user);
  const idCompania = (await seedCompania(adminCookie, `Agenda Seguros ${Date.now()}`)).id;
  await apiCall(adminCookie, 'POST', '/users', { ...NORA, password2: NORA.password });
  const inspectores = await apiCall<{ id: number; apellido: string; nombre: string }[]>(userCookie, 'GET', '/inspector');
  const nora = inspectores.find((item) => item.apellido === NORA.apellido && item.nombre === NORA.nombre)!;

  /** A case at Coordinar Inspección whose first third party has `cel`, with a visit for Nora. */
  const agendar = async (fecha: string, hora: string | null, direccion: string, cel = '') => {
    const tercero = { apellido: 'Ibáñez', nombre: 'Rocío', id_tipo_doc: 1, nro_doc: '30999888', marca_modelo: 'Toyota Etios', dominio: 'AD321XY', cel };
    const id = await seedCaso(userCookie, { idCompania, terceros: [tercero] });
    await apiCall(userCookie, 'PATCH', `/casos/avanza/${id}`, {});
    const visita = await apiCall<{ id: number }>(userCookie, 'POST', `/inspeccion/${id}`, {
      id_inspector: nora.id,
      fecha_inspeccion: fecha,
      ...(hora ? { hora_inspeccion: hora } : {}),
      direccion,
      detalle: 'Fotos de la trompa y del baúl',
    });
    return { id, idInspeccion: visita.id };
  };
  casos.ayer = (await agendar(addDaysIso(HOY, -1), '10:00', DIRECCION_AYER, '+54 9 11 4444-2211')).id;
  // Scheduled in the opposite order of their hours: the agenda orders by the hour.
  casos.hoyTarde = (await agendar(HOY, '16:30', 'Av. Cabildo 2200, CABA')).id;
  casos.hoyTemprano = (await agendar(HOY, '09:15', 'Av. Santa Fe 3200, CABA', '(011) 4555-1234')).id;
  casos.pasado = (await agendar(addDaysIso(HOY, 2), null, 'Lavalle 900, CABA')).id;

  // One closed by Nora with its two documents.
  const cerrada = await agendar(HOY, '08:00', 'Av. Corrientes 1234, CABA');
  casos.cerrada = cerrada.id;
  const noraCookie = await apiLogin(baseUrl(), NORA);
  const form = new FormData();
  form.append('resultado', 'Daño leve en paragolpes');
  form.append('monto_inspeccion', '1000');
  form.append('inspeccion', new Blob([Buffer.from('%PDF-1.4 informe')], { type: 'application/pdf' }), 'informe.pdf');
  form.append('cotizacion', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])], { type: 'image/jpeg' }), 'cotizacion.jpg');
  const closed = await fetch(`${baseUrl()}/api/inspeccion/d/${cerrada.idInspeccion}`, { method: 'PATCH', headers: { cookie: noraCookie }, body: form });
  if (!closed.ok) throw new Error(`close: ${closed.status} ${await closed.text()}`);
});
afterAll(() => browser?.close());

const card = (page: Page, idCaso: number) => page.getByRole('listitem', { name: `Caso ${idCaso}` });
const casosIn = async (page: Page, list: string) =>
  page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the inspector's agenda", () => {
  it('at 390 px: yesterday under Atrasadas, today by hour, the day after tomorrow under Próximas; calls and maps are links; Finalizadas lists the closed one', async () => {
    const { page } = await open(browser, NORA, PHONE);
    await page.goto(`${baseUrl()}/inspecciones`);
    await card(page, casos.hoyTemprano).waitFor();

    const headings = await page.getByRole('region').evaluateAll((regions) => regions.map((region) => region.querySelector('h2')?.textContent));
    expect(headings).toEqual([INSPECCION_AGENDA_TEXTS.atrasadas, INSPECCION_AGENDA_TEXTS.hoy, INSPECCION_AGENDA_TEXTS.proximas]);
    expect(await casosIn(page, INSPECCION_AGENDA_TEXTS.atrasadas)).toEqual([`Caso ${casos.ayer}`]);
    expect(await casosIn(page, INSPECCION_AGENDA_TEXTS.hoy)).toEqual([`Caso ${casos.hoyTemprano}`, `Caso ${casos.hoyTarde}`]);
    const pasado = formatAgendaDay(addDaysIso(HOY, 2));
    await page.getByRole('region', { name: INSPECCION_AGENDA_TEXTS.proximas }).getByRole('heading', { name: pasado }).waitFor();
    expect(await casosIn(page, pasado)).toEqual([`Caso ${casos.pasado}`]);
    expect(await card(page, casos.cerrada).count()).toBe(0);
    await page.getByRole('region', { name: INSPECCION_AGENDA_TEXTS.hoy }).getByText(formatDate(HOY)).waitFor();

    const ayer = card(page, casos.ayer);
    expect(await ayer.getByTestId('visita-hora').textContent()).toBe(`${formatDate(addDaysIso(HOY, -1))} · 10:00`);
    const map = ayer.getByRole('link', { name: DIRECCION_AYER });
    expect(await map.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=Taller%20Sur%2C%20Av.%20Roca%201500%20(CABA)');
    expect(await map.getAttribute('target')).toBe('_blank');
    expect(await map.getAttribute('rel')).toBe('noopener');
    expect(await ayer.getByRole('link', { name: '+54 9 11 4444-2211' }).getAttribute('href')).toBe('tel:+5491144442211');
    await ayer.getByText('Toyota Etios · AD321XY').waitFor();
    expect(await card(page, casos.hoyTemprano).getByRole('link', { name: '(011) 4555-1234' }).getAttribute('href')).toBe('tel:01145551234');
    // No phone: no call link, the card says so.
    const tarde = card(page, casos.hoyTarde);
    await tarde.getByText(INSPECCION_AGENDA_TEXTS.sinTelefono).waitFor();
    expect(await tarde.locator('a[href^="tel:"]').count()).toBe(0);
    expect(await card(page, casos.pasado).getByTestId('visita-hora').textContent()).toBe(INSPECCION_AGENDA_TEXTS.sinHora);

    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'agenda, Pendientes, 390 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-pendientes-390.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Finalizadas' }).click();
    const cerrada = card(page, casos.cerrada);
    await cerrada.getByText('Finalizada', { exact: true }).waitFor();
    await cerrada.getByText(formatDate(HOY)).first().waitFor();
    expect(await cerrada.getByRole('link', { name: /Ver inspeccion/ }).count()).toBe(0);
    expect(await card(page, casos.ayer).count()).toBe(0);
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoAxeViolations(page, 'agenda, Finalizadas, 390 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-finalizadas-390.png`, fullPage: true });

    // Back on Pendientes, 'Ver' opens the close of that visit.
    await page.getByRole('tab', { name: 'Pendientes' }).click();
    await card(page, casos.hoyTemprano).getByRole('link', { name: /Ver inspeccion/ }).click();
    await page.waitForURL('**/inspecciones/detalleInspeccion/*');
    await page.getByText('Av. Santa Fe 3200, CABA').first().waitFor();
  });

  it('at 1440 px both tabs pass axe', async () => {
    const { page } = await open(browser, NORA, DESKTOP);
    await page.goto(`${baseUrl()}/inspecciones`);
    await card(page, casos.hoyTemprano).waitFor();
    await expectNoAxeViolations(page, 'agenda, Pendientes, 1440 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/agenda-pendientes-1440.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Finalizadas' }).click();
    await card(page, casos.cerrada).waitFor();
    await expectNoAxeViolations(page, 'agenda, Finalizadas, 1440 px');
  });
});
