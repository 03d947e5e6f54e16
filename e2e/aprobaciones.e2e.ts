import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { APROBACION_MESSAGES, ESTADO } from '@siniestros/domain';
import { ADMIN, apiLogin, type Credentials } from './api';
import { baseUrl, expectNoAxeViolations, launch, open } from './browser';
import { apiCall, seedCaso, seedCompania } from './seed';

/** Authority limits (issue 41 item 5, docs/decisions/081): an offer above a User's limit waits for the Admin. */
let browser: Browser;
let adminCookie: string;
let idCaso: number;
let responsabilidad: string;
const stamp = Date.now();
const HANDLER: Credentials & { apellido: string; nombre: string } = {
  apellido: 'Limitada',
  nombre: 'Sofía',
  username: `limite${stamp}@e2e.local`,
  password: 'Limite-E2E-Clave',
};

const PHONE = { width: 390, height: 844 };

type CasoLeido = { caso: { id_estado: number; valor_ofertado: string | null } };
const casoLeido = () => apiCall<CasoLeido>(adminCookie, 'GET', `/casos/${idCaso}`);

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
  await apiCall(adminCookie, 'POST', '/users', { ...HANDLER, password2: HANDLER.password, rol: 2 });
  responsabilidad = `Responsabilidad Limites ${stamp}`;
  await apiCall(adminCookie, 'POST', '/respo', { nombre: responsabilidad });
  const handlerCookie = await apiLogin(baseUrl(), HANDLER);
  const compania = await seedCompania(adminCookie, `Limites Seguros ${stamp}`);
  idCaso = await seedCaso(handlerCookie, {
    idCompania: compania.id,
    terceros: [{ apellido: 'Quiroga', nombre: 'Pablo', id_tipo_doc: 1, nro_doc: '30444555', marca_modelo: 'Fiat Uno', dominio: 'AE300ZZ' }],
  });
  await apiCall(handlerCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: 1 });
  await apiCall(handlerCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: 2 });
});
afterAll(() => browser?.close());

const pendiente = (page: Page) => page.getByTestId('aprobacion-pendiente');

describe('an offer above the limit waits for approval', () => {
  it('the Admin sets a User limit; the User offers above it; it waits; the Admin approves and the case advances', async () => {
    // The Admin gives the User a limit of $ 100.000 in Usuarios.
    const admin = await open(browser, ADMIN);
    await admin.page.goto(`${baseUrl()}/usuarios`);
    await admin.page.getByRole('button', { name: `Editar ${HANDLER.username}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Editar Usuario' });
    await dialog.getByLabel(APROBACION_MESSAGES.limite).fill('100000');
    await expect.poll(() => dialog.getByLabel(APROBACION_MESSAGES.limite).inputValue()).toBe('100.000');
    await expectNoAxeViolations(admin.page, 'Editar Usuario with the offer limit');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const users = await apiCall<{ username: string; limite_ofrecimiento: string | null }[]>(adminCookie, 'GET', '/users');
    expect(users.find((user) => user.username === HANDLER.username)!.limite_ofrecimiento).toBe('100000.00');

    // The User offers $ 150.000: the dialog shows their limit; the case stays in Analisis, waiting.
    const handler = await open(browser, HANDLER);
    await handler.page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await handler.page.getByRole('button', { name: '+ Ofrecimiento' }).click();
    const analisis = handler.page.getByRole('dialog', { name: 'Analisis y Ofrecimiento' });
    await expect
      .poll(() => analisis.getByTestId('limite-autorizacion').textContent())
      .toMatch(/Su límite de autorización: \$\s100\.000,00/);
    await analisis.getByLabel('Responsabilidad').click();
    await handler.page.getByRole('option', { name: responsabilidad }).click();
    await analisis.getByLabel('Valor Ofertado').fill('150000');
    await analisis.getByLabel('Detalle').fill('Responsabilidad del asegurado, daños según presupuesto.');
    await expectNoAxeViolations(handler.page, 'Analisis y Ofrecimiento with the limit');
    await analisis.getByRole('button', { name: 'Guardar' }).click();
    await handler.page.getByText(APROBACION_MESSAGES.pendiente).waitFor();
    await expect.poll(() => pendiente(handler.page).textContent()).toMatch(/Ofrecimiento pendiente de aprobación: \$\s150\.000,00/);
    expect(await pendiente(handler.page).textContent()).toContain(`Solicitado por ${HANDLER.username}`);
    expect(await handler.page.getByRole('button', { name: '+ Ofrecimiento' }).count()).toBe(0);
    expect(await pendiente(handler.page).getByRole('button', { name: 'Aprobar' }).count()).toBe(0);
    expect((await casoLeido()).caso).toMatchObject({ id_estado: ESTADO.ANALISIS, valor_ofertado: null });

    // The Admin finds it in 'Aprobaciones pendientes', at a desk and on a phone.
    await admin.page.getByRole('link', { name: 'Aprobaciones pendientes' }).first().click();
    await admin.page.getByRole('heading', { name: APROBACION_MESSAGES.titulo }).waitFor();
    const row = admin.page.getByRole('row').filter({ hasText: HANDLER.username });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/\$\s150\.000,00/);
    await expectNoAxeViolations(admin.page, 'Aprobaciones pendientes');
    const phone = await open(browser, ADMIN, PHONE);
    await phone.page.goto(`${baseUrl()}/aprobaciones`);
    await phone.page.getByRole('article').filter({ hasText: HANDLER.username }).waitFor();
    await expectNoAxeViolations(phone.page, 'Aprobaciones pendientes at 390 px');
    await phone.page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    await pendiente(phone.page).getByRole('button', { name: 'Rechazar' }).click();
    await phone.page.getByRole('dialog', { name: /Rechazar ofrecimiento/ }).waitFor();
    await expectNoAxeViolations(phone.page, 'Rechazar dialog at 390 px');
    await phone.page.getByRole('button', { name: 'Cancelar' }).click();
    await expectNoAxeViolations(phone.page, 'pending approval on the status panel at 390 px');

    // The Admin approves from the case: it advances to Ofrecimiento with the requested offer.
    await row.getByRole('link').click();
    await pendiente(admin.page).waitFor();
    await expectNoAxeViolations(admin.page, 'pending approval on the status panel');
    await pendiente(admin.page).getByRole('button', { name: 'Rechazar' }).click();
    await admin.page.getByRole('dialog', { name: /Rechazar ofrecimiento/ }).waitFor();
    await expectNoAxeViolations(admin.page, 'Rechazar dialog');
    await admin.page.getByRole('button', { name: 'Cancelar' }).click();
    await pendiente(admin.page).getByRole('button', { name: 'Aprobar' }).click();
    await admin.page.getByText(APROBACION_MESSAGES.aprobada).waitFor();
    await expect.poll(() => admin.page.getByTestId('caso-estado').textContent()).toBe('Ofrecimiento');
    await expect.poll(() => pendiente(admin.page).count()).toBe(0);
    expect((await casoLeido()).caso).toMatchObject({ id_estado: ESTADO.OFRECIMIENTO, valor_ofertado: '150000.00' });
    const historial = await apiCall<{ msg: string }[]>(adminCookie, 'GET', `/historial/${idCaso}`);
    expect(historial.map((item) => item.msg)).toContainEqual(
      expect.stringMatching(/^Ofrecimiento de \$\s150\.000,00 aprobado por admin@e2e\.local$/),
    );
  });
});
