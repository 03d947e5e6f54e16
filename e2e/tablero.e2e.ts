import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  addDaysIso,
  AUDIENCIA_MESSAGES,
  formatDate,
  INSPECCION_MESSAGES,
  TAREA_HISTORIA,
  TAREA_MESSAGES,
  todayIso,
  type CasosList,
  type Tablero,
} from '@siniestros/domain';
import { ADMIN, apiLogin, USERS } from './api';
import { baseUrl, expectNoAxeViolations, launch, open, signIn } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/** Issue 18 item 1: a User lands on the Tablero, reads its figures and follows one to its list. */
let browser: Browser;
let userCookie: string;
let idCompania: number;
let idUsuario: number;
/** An analyst with one open case, for the per-analyst figure. */
const ANALISTA = { apellido: `Tablero${Date.now().toString().slice(-6)}`, nombre: 'Inés' };
const texto = `Llamar al tercero ${Date.now()}`;
/** A figure's number: the digits at the end of its link (the label may hold digits too: 'los próximos 7 días'). */
const figura = async (link: { textContent(): Promise<string | null> }) =>
  Number(/([\d.]+)\s*$/.exec((await link.textContent())!)![1]!.replace(/\./g, ''));
/** The counters and names the whole case list answers with (GET /casos), which a list opened filtered must show too. */
const casosEnteros = () => apiCall<CasosList>(userCookie, 'GET', '/casos?page=1&pageSize=1');

beforeAll(async () => {
  browser = await launch();
  const adminCookie = await apiLogin(baseUrl(), ADMIN);
  userCookie = await apiLogin(baseUrl(), USERS.user);
  idCompania = (await seedCompania(adminCookie, `Tablero ${Date.now()}`)).id;
  const idCaso = await seedCaso(userCookie, { idCompania });
  const asignables = await apiCall<{ id: number; yo?: boolean }[]>(userCookie, 'GET', '/tareas/asignables');
  idUsuario = asignables.find((usuario) => usuario.yo)!.id;
  await apiCall(userCookie, 'POST', `/tareas/caso/${idCaso}`, { texto, vence: addDaysIso(todayIso(), -1), id_usuario: idUsuario });
  await apiCall(adminCookie, 'POST', '/analistas', ANALISTA);
  const { analistas } = await casosEnteros();
  const idAnalista = analistas.find((analista) => analista.apellido === ANALISTA.apellido)!.id;
  await apiCall(userCookie, 'PATCH', `/casos/caso_ana/${idCaso}`, { id_analista: idAnalista });
});
afterAll(() => browser?.close());

/** A fresh page where the User signs in through the form and lands on the Tablero. */
async function ingresarAlTablero() {
  const session = await open(browser);
  await session.page.goto(baseUrl());
  await signIn(session.page, USERS.user);
  await session.page.waitForURL('**/tablero');
  return session;
}

describe('Tablero', () => {
  it("a User signs in, lands on the Tablero, sees the figures and follows 'Vencidas' to Mis tareas", async () => {
    const { page, context } = await ingresarAlTablero();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tablero');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    expect((await menu.locator('a').first().textContent())?.trim()).toBe('Tablero');

    // The figures on screen are the API's (other tests may add cases meanwhile: the ones that only grow are checked at least).
    const mias = page.getByRole('region', { name: 'Mis tareas' });
    const vencidas = mias.getByRole('link', { name: /^Vencidas/ });
    await vencidas.waitFor();
    const tablero = await apiCall<Tablero>(userCookie, 'GET', '/tablero');
    expect(tablero.tareas.mias.vencidas).toBeGreaterThanOrEqual(1);
    expect(Number((await vencidas.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
    for (const title of [
      'Casos abiertos por estado',
      'Antigüedad desde el alta',
      'Días en el estado actual',
      'Tareas del equipo',
      'Agenda y plazos',
    ])
      await page.getByRole('heading', { name: title, level: 2, exact: true }).waitFor();
    const abiertos = page.getByRole('region', { name: 'Casos abiertos por estado', exact: true }).getByRole('link', { name: /^Total abiertos/ });
    expect(Number((await abiertos.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
    // The two charts (loaded after the figures) draw their bars and name their figures.
    const grafico = page.getByRole('img', { name: /^Casos abiertos por estado\. / });
    await grafico.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await grafico.getAttribute('aria-label')).toContain(`${tablero.casos.porEstado[0]!.estado}: `);
    await page
      .getByRole('img', { name: /^Antigüedad de los casos abiertos\. / })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();
    await expectNoAxeViolations(page, 'the Tablero at 1440 px');

    await vencidas.click();
    await page.waitForURL('**/tareas?vista=vencidas');
    await expect.poll(() => page.getByRole('tab', { name: /^Vencidas/ }).getAttribute('aria-selected')).toBe('true');
    await page.getByText(texto).filter({ visible: true }).waitFor();
    await context.close();
  });

  it("the handler's day (issue 18, done when): a User signs in, sees the Tablero, follows 'Vencidas', completes one task and reassigns another with one click each (each a history row), and finds a case whose art. 56 clock is red from the list's filter", async () => {
    const stamp = Date.now();
    const hecha = `Pedir el certificado de cobertura ${stamp}`;
    const reasignada = `Revisar el presupuesto del taller ${stamp}`;
    const idCaso = await seedCaso(userCookie, { idCompania });
    for (const tarea of [hecha, reasignada])
      await apiCall(userCookie, 'POST', `/tareas/caso/${idCaso}`, {
        texto: tarea,
        vence: addDaysIso(todayIso(), -2),
        id_usuario: idUsuario,
      });
    const otro = (await apiCall<{ id: number; nombre: string; yo?: boolean }[]>(userCookie, 'GET', '/tareas/asignables')).find(
      (u) => !u.yo,
    )!;
    // Art. 56: documentation complete 40 days ago (the case left Pendiente Documentación; the day corrected), no pronouncement since.
    const idCaso56 = await seedCaso(userCookie, { idCompania });
    await apiCall(userCookie, 'PATCH', `/casos/avanza/${idCaso56}`, {});
    await apiCall(userCookie, 'PATCH', `/plazos/caso/${idCaso56}`, {
      evento: 'documentacion_completa',
      desde: addDaysIso(todayIso(), -40),
    });

    const { page, context } = await ingresarAlTablero();
    const vencidas = page.getByRole('region', { name: 'Mis tareas' }).getByRole('link', { name: /^Vencidas/ });
    await vencidas.waitFor();
    expect(await figura(vencidas)).toBe((await apiCall<Tablero>(userCookie, 'GET', '/tablero')).tareas.mias.vencidas);

    await vencidas.click();
    await page.waitForURL('**/tareas?vista=vencidas');
    await expect.poll(() => page.getByRole('tab', { name: /^Vencidas/ }).getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
    const fila = (tarea: string) => page.getByRole('row', { name: new RegExp(tarea) });
    await fila(hecha)
      .getByRole('button', { name: `Marcar como hecha: ${hecha}` })
      .click();
    await page.getByText(TAREA_MESSAGES.done).first().waitFor();
    await fila(hecha).waitFor({ state: 'detached' });
    await fila(reasignada)
      .getByRole('button', { name: `Reasignar: ${reasignada}` })
      .click();
    await page.getByRole('menuitem', { name: otro.nombre, exact: true }).click();
    await page.getByText(TAREA_MESSAGES.reassigned).first().waitFor();
    await fila(reasignada).waitFor({ state: 'detached' });

    // Each click wrote its row in the case's history.
    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await page.getByRole('button', { name: 'Ver Historial' }).click();
    const historial = page.getByRole('dialog', { name: 'Historial' });
    await historial.getByText(TAREA_HISTORIA.done(hecha)).waitFor();
    await historial.getByText(TAREA_HISTORIA.reassigned(reasignada, otro.nombre)).waitFor();
    await page.keyboard.press('Escape');

    // Back on the Tablero: the overdue-clock figure opens the list filtered by Plazo vencido.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Tablero' }).click();
    const vencidos = page.getByRole('region', { name: 'Agenda y plazos' }).getByRole('link', { name: /^Casos con plazo vencido/ });
    await vencidos.click();
    await page.waitForURL(/\/casos\?.*plazo=vencido/);
    const panel = page.getByLabel('Filtros', { exact: true });
    expect(await panel.getByRole('combobox', { name: 'Plazo', exact: true }).inputValue()).toBe('Vencido');
    // Other tests' cases may have red clocks too: the case number narrows the same filter to this one.
    await panel.getByLabel('Nro Caso').fill(String(idCaso56));
    await panel.getByRole('button', { name: 'Filtrar' }).click();
    const row = page.locator(`tbody[data-caso="${idCaso56}"] > tr`).first();
    await row.getByText('Plazo vencido').waitFor();
    await expect.poll(() => page.getByTestId('contador-filtrados').textContent(), { timeout: 15_000 }).toBe('1');

    await page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso56}`);
    const pronunciamiento = page
      .getByRole('region', { name: 'Plazos legales' })
      .getByTestId('caso-plazo')
      .filter({ hasText: 'Pronunciamiento del asegurador' });
    await pronunciamiento.getByText('Vencido hace 10 días').waitFor();
    expect(await pronunciamiento.textContent()).toContain('Ley 17.418, art. 56');
    expect(await pronunciamiento.textContent()).toContain(formatDate(addDaysIso(todayIso(), -10)));
    await context.close();
  });

  it('the hearing, inspection and per-user figures open their lists filtered from the URL, with as many rows', async () => {
    // A hearing in 3 days, a pending inspection 9 days old (late), an overdue task of the user.
    const idCaso = await seedCaso(userCookie, { idCompania });
    await apiCall(userCookie, 'POST', `/mediacion/${idCaso}`, {
      fechah: addDaysIso(todayIso(), 3),
      hora: '10:00',
      lugar: 'Centro de mediación',
    });
    const idCasoInspeccion = await seedCaso(userCookie, { idCompania });
    await apiCall(userCookie, 'PATCH', `/casos/avanza/${idCasoInspeccion}`, {});
    const [inspector] = await apiCall<{ id: number }[]>(userCookie, 'GET', '/inspector');
    await apiCall(userCookie, 'POST', `/inspeccion/${idCasoInspeccion}`, {
      id_inspector: inspector!.id,
      fecha_inspeccion: addDaysIso(todayIso(), -9),
      direccion: 'Taller Norte',
      detalle: 'Revisar el paragolpes',
    });

    const { page, context } = await open(browser, USERS.user);
    const desdeTablero = async (region: string, name: RegExp | string) => {
      await page.goto(`${baseUrl()}/tablero`);
      const link = page.getByRole('region', { name: region }).getByRole('link', { name }).first();
      await link.waitFor();
      const value = await figura(link);
      await link.click();
      return value;
    };

    const audiencias = await desdeTablero('Agenda y plazos', /^Audiencias de los próximos 7 días/);
    await page.waitForURL(/\/audiencias\/allaudiencias\?fechaDesde=.*&fechaHasta=/);
    expect(await page.getByLabel('Fecha Desde').inputValue()).toBe(formatDate(todayIso()));
    await expect
      .poll(() => page.getByTestId('audiencias-total').textContent(), { timeout: 15_000 })
      .toBe(`${AUDIENCIA_MESSAGES.total}: ${audiencias}`);
    expect(audiencias).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page, 'the hearings of the next 7 days');

    for (const name of [/^Inspecciones pendientes/, /^Inspecciones con más de 7 días/]) {
      const inspecciones = await desdeTablero('Agenda y plazos', name);
      await page.waitForURL(/\/inspecciones\/allinspecciones\?estado=Pendiente/);
      await expect
        .poll(() => page.getByTestId('inspecciones-total').textContent(), { timeout: 15_000 })
        .toBe(`${INSPECCION_MESSAGES.total}: ${inspecciones}`);
      expect(inspecciones).toBeGreaterThanOrEqual(1);
    }
    expect(await page.getByRole('combobox', { name: 'Estado', exact: true }).inputValue()).toBe('Pendiente');
    await expectNoAxeViolations(page, 'the late inspections');

    // One user's overdue tasks: the team's view with that user chosen.
    const vencidas = await (async () => {
      await page.goto(`${baseUrl()}/tablero`);
      const fila = page.getByRole('region', { name: 'Tareas vencidas por usuario' }).getByRole('row', { name: /Pérez, Lucía/ });
      await fila.waitFor();
      const value = Number((await fila.getByRole('cell').nth(1).textContent())!.replace(/\D/g, ''));
      await fila.getByRole('link').click();
      return value;
    })();
    await page.waitForURL(/\/tareas\?vista=vencidas&equipo=1&usuario=\d+/);
    await page.getByRole('heading', { name: 'Tareas del equipo' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Asignadas a' }).inputValue(), { timeout: 15_000 }).toBe('Pérez, Lucía');
    await expect.poll(() => page.getByRole('tab', { name: /^Vencidas/ }).textContent(), { timeout: 15_000 }).toBe(`Vencidas (${vencidas})`);
    await expectNoAxeViolations(page, 'one user’s overdue tasks');
    await context.close();
  });

  it('a status figure opens the case list filtered by that status, in the URL, with as many cases', async () => {
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/tablero`);
    const estados = page.getByRole('region', { name: 'Casos abiertos por estado', exact: true }).getByRole('link');
    await estados.nth(1).waitFor();
    const cifra = await figura(estados.nth(1));
    const rotulo = (await estados.nth(1).textContent())!;
    await estados.nth(1).click();
    await page.waitForURL(/\/casos\?.*estado=\d+/);
    await expect.poll(() => page.getByTestId('contador-filtrados').textContent()).toBe(cifra.toLocaleString('es-AR'));
    // The filter the link carried is on screen, in the open panel; Volver goes back to the whole list.
    const panel = page.getByLabel('Filtros', { exact: true });
    expect(await panel.getByRole('combobox', { name: 'Condición', exact: true }).inputValue()).toBe('Vigentes');
    // The real Vigentes and Cerrados (not 0), and the status by its name (not an empty select with its ×).
    const enteros = await casosEnteros();
    const idEstado = Number(new URL(page.url()).searchParams.get('estado'));
    const estado = enteros.estados.find((row) => row.id === idEstado)!.nombre;
    expect(rotulo.startsWith(estado)).toBe(true);
    await expect.poll(() => panel.getByRole('combobox', { name: 'Estado', exact: true }).inputValue()).toBe(estado);
    await expect.poll(() => page.getByTestId('contador-vigentes').textContent()).toBe(enteros.totalCount.toLocaleString('es-AR'));
    expect(await page.getByTestId('contador-cerrados').textContent()).toBe(enteros.totalCloseCount.toLocaleString('es-AR'));
    expect(enteros.totalCount).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Volver' }).click();
    await expect.poll(() => page.getByTestId('contador-filtrados').count()).toBe(0);
    await context.close();
  });

  it("an analyst's figure opens the case list filtered by that analyst, named in its select, with the real counters", async () => {
    const { page, context } = await open(browser, USERS.user);
    await page.goto(`${baseUrl()}/tablero`);
    const fila = page
      .getByRole('region', { name: 'Casos abiertos por analista' })
      .getByRole('row', { name: new RegExp(`${ANALISTA.apellido}, ${ANALISTA.nombre}`) });
    await fila.waitFor();
    expect(Number((await fila.getByRole('cell').nth(1).textContent())!.replace(/\D/g, ''))).toBe(1);
    await fila.getByRole('link').click();
    await page.waitForURL(/\/casos\?.*analista=\d+/);
    await expect.poll(() => page.getByTestId('contador-filtrados').textContent()).toBe('1');
    const panel = page.getByLabel('Filtros', { exact: true });
    await expect
      .poll(() => panel.getByRole('combobox', { name: 'Analista', exact: true }).inputValue())
      .toBe(`${ANALISTA.apellido} ${ANALISTA.nombre}`);
    const enteros = await casosEnteros();
    await expect.poll(() => page.getByTestId('contador-vigentes').textContent()).toBe(enteros.totalCount.toLocaleString('es-AR'));
    expect(await page.getByTestId('contador-cerrados').textContent()).toBe(enteros.totalCloseCount.toLocaleString('es-AR'));
    await context.close();
  });

  it('reads at 390 px: one column, no horizontal scroll, axe clean', async () => {
    const { page, context } = await open(browser, USERS.user, { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/tablero`);
    await page
      .getByRole('region', { name: 'Mis tareas' })
      .getByRole('link', { name: /^Vencidas/ })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'the Tablero at 390 px');
    await context.close();
  });

  it('an Inspector is sent from /tablero to Mis Inspecciones', async () => {
    const { page, context } = await open(browser, USERS.inspector);
    await page.goto(`${baseUrl()}/tablero`);
    await page.waitForURL('**/inspecciones');
    await context.close();
  });
});
