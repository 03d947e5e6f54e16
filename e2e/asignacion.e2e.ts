import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ASIGNACION_MESSAGES } from '@siniestros/domain';
import { ADMIN, apiLogin, type Credentials } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania, type SeedCompania } from './seed';

/** Users are the analysts and work follows the case (issue 41 items 1-3, docs/decisions/083). */
let browser: Browser;
let adminCookie: string;
let compania: SeedCompania;
const stamp = Date.now();
const ANALISTA: Credentials & { apellido: string; nombre: string } = {
  apellido: `Ruteo${stamp}`,
  nombre: 'Irene',
  username: `ruteo${stamp}@e2e.local`,
  password: 'Ruteo-E2E-Clave',
};
const PHONE = { width: 390, height: 844 };

type Usuario = { id: number; username: string; id_analista: number | null };
type Tarea = { id: number; id_usuario: number };

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  compania = await seedCompania(adminCookie, `Ruteo Seguros ${stamp}`);
});
afterAll(() => browser?.close());

describe('a new case goes to the analyst of its rule, and the tasks follow it', () => {
  it('the Admin makes a User a new analyst and a rule for a company; the case is theirs in Mis casos; reassigned, its task follows', async () => {
    const admin = await open(browser, ADMIN);
    // Usuarios: a User who is a new analyst with their name.
    await admin.page.goto(`${baseUrl()}/usuarios`);
    await admin.page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const nuevo = admin.page.getByRole('dialog', { name: 'Nuevo Usuario' });
    await nuevo.getByLabel('Apellido').fill(ANALISTA.apellido);
    await nuevo.getByLabel('Nombre').fill(ANALISTA.nombre);
    await nuevo.getByLabel('Username').fill(ANALISTA.username);
    await nuevo.getByLabel(/^Contraseña/).fill(ANALISTA.password);
    await nuevo.getByLabel('Repita Contraseña').fill(ANALISTA.password);
    await nuevo.getByLabel('Tipo de Usuario').click();
    await admin.page.getByRole('option', { name: 'Usuario', exact: true }).click();
    await nuevo.getByLabel('Analista', { exact: true }).click();
    await admin.page.getByRole('option', { name: 'Nuevo analista con su nombre' }).click();
    await expectNoAxeViolations(admin.page, 'Nuevo Usuario with Analista at 1440');
    await admin.page.setViewportSize(PHONE);
    await expectNoAxeViolations(admin.page, 'Nuevo Usuario with Analista at 390');
    await admin.page.setViewportSize({ width: 1440, height: 900 });
    await nuevo.getByRole('button', { name: 'Guardar' }).click();
    await nuevo.waitFor({ state: 'hidden' });
    const usuario = (await apiCall<Usuario[]>(adminCookie, 'GET', '/users')).find((user) => user.username === ANALISTA.username)!;
    expect(usuario.id_analista).not.toBeNull();
    const nombreAnalista = `${ANALISTA.apellido} ${ANALISTA.nombre}`;

    // Asignación de casos: the company's rule gives its new cases to that analyst.
    await admin.page.goto(`${baseUrl()}/asignacion`);
    await admin.page.getByRole('heading', { name: ASIGNACION_MESSAGES.reglas }).waitFor();
    const form = admin.page.getByRole('form', { name: 'Nueva regla' });
    await form.getByLabel('Compañía').click();
    await admin.page.getByRole('option', { name: compania.nombre }).click();
    await form.getByLabel('Analista').click();
    await admin.page.getByRole('option', { name: nombreAnalista }).click();
    await form.getByRole('button', { name: 'Agregar regla' }).click();
    const reglas = admin.page.getByRole('table', { name: ASIGNACION_MESSAGES.reglas });
    await reglas.getByRole('row', { name: new RegExp(compania.nombre) }).waitFor();
    await expectNoAxeViolations(admin.page, 'Asignación de casos at 1440');
    await admin.page.setViewportSize(PHONE);
    await expectNoAxeViolations(admin.page, 'Asignación de casos at 390');
    await admin.page.setViewportSize({ width: 1440, height: 900 });

    // A new case of that company (through the API) gets the analyst, and a task for its user.
    const idCaso = await seedCaso(adminCookie, { idCompania: compania.id });
    const caso = await apiCall<{ caso: { id_analista: number | null } }>(adminCookie, 'GET', `/casos/${idCaso}`);
    expect(caso.caso.id_analista).toBe(usuario.id_analista);
    await apiCall(adminCookie, 'POST', `/tareas/caso/${idCaso}`, { texto: 'Pedir la denuncia', vence: '2030-01-15', id_usuario: usuario.id });

    // The analyst signs in: the list opens on 'Mis casos' with the case.
    const analista = await open(browser, ANALISTA);
    await analista.page.goto(`${baseUrl()}/casos`);
    await expect.poll(() => analista.page.getByRole('radio', { name: 'Mis casos' }).isChecked()).toBe(true);
    await analista.page.getByLabel(new RegExp(`^Abrir caso ${idCaso} `)).waitFor();
    await expectNoAxeViolations(analista.page, 'Casos, Mis casos');
    // Their Tablero counts their own open cases beside the team's; the figure opens the list of them.
    await analista.page.goto(`${baseUrl()}/tablero`);
    const mios = analista.page.getByRole('region', { name: 'Mis casos abiertos', exact: true }).getByRole('link', { name: /^Total míos/ });
    await expect.poll(() => mios.textContent()).toMatch(/1$/);
    await mios.click();
    await analista.page.getByLabel(new RegExp(`^Abrir caso ${idCaso} `)).waitFor();

    // The Admin gives the case to another analyst (a user too) in the case detail; the open task goes along.
    const otro = await apiCall<{ data: { id: number } }>(adminCookie, 'POST', '/analistas', { nombre: 'Otro', apellido: `Destino${stamp}` });
    const destino = await apiCall<{ user: { id: number } }>(adminCookie, 'POST', '/users', {
      apellido: `Destino${stamp}`,
      nombre: 'Otro',
      username: `destino${stamp}@e2e.local`,
      password: 'Destino-E2E-Clave',
      password2: 'Destino-E2E-Clave',
      rol: 2,
      id_analista: otro.data.id,
    });
    await admin.page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await admin.page.getByRole('combobox', { name: 'Analista' }).click();
    await admin.page.getByRole('option', { name: `Destino${stamp} Otro` }).click();
    const mover = admin.page.getByLabel('Mover también sus 1 tarea abierta al nuevo analista');
    expect(await mover.isChecked()).toBe(true);
    await expectNoAxeViolations(admin.page, 'Detalle with Mover también at 1440');
    await admin.page.setViewportSize(PHONE);
    await expectNoAxeViolations(admin.page, 'Detalle with Mover también at 390');
    await admin.page.setViewportSize({ width: 1440, height: 900 });
    await admin.page.getByRole('button', { name: 'Grabar', exact: true }).click();
    await expect
      .poll(async () => (await apiCall<Tarea[]>(adminCookie, 'GET', `/tareas/caso/${idCaso}`)).map((tarea) => tarea.id_usuario))
      .toEqual([destino.user.id]);
  });
});
