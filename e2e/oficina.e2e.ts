import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { APROBACION_HISTORIA, TAREA_TEXTO_SISTEMA, formatPesos, type PagosDelCaso } from '@siniestros/domain';
import { ADMIN, apiLogin, type Credentials } from './api';
import { baseUrl, launch, open } from './browser';
import { pagarAcordado } from './pagos.seed';
import { apiCall, seedCaso, seedCompania } from './seed';

/**
 * Issue 41, done when: one claim from intake to payment with an owner and a trail. Each step has its
 * own journey with every screen and axe (asignacion, duplicados, aprobaciones, pagos .e2e.ts); this
 * one chains them on one case, the office's moves through the API and the handler's view in the browser.
 */
let browser: Browser;
let adminCookie: string;
const stamp = Date.now();
const ANALISTA: Credentials & { apellido: string; nombre: string } = {
  apellido: `Oficina${stamp}`,
  nombre: 'Lucía',
  username: `oficina${stamp}@e2e.local`,
  password: 'Oficina-E2E-Clave',
};
const CBU = '0720123988000012345678';
const RECLAMO = String(700000 + (stamp % 100000));

beforeAll(async () => {
  browser = await launch();
  adminCookie = await apiLogin(baseUrl(), ADMIN);
});
afterAll(() => browser?.close());

describe("a claim with an owner and every peso's trail", () => {
  it('routed to the analyst, in Mis casos and Mis tareas; a copy caught; the offer above the limit approved; paid in two parts; closed; agreed = paid', async () => {
    // The Admin makes a User an analyst with a limit of $ 100.000 and a rule for the company.
    const compania = await seedCompania(adminCookie, `Oficina Seguros ${stamp}`);
    const respo = await apiCall<{ data: { id: number } }>(adminCookie, 'POST', '/respo', { nombre: `Responsabilidad Oficina ${stamp}` });
    const { user } = await apiCall<{ user: { id: number; id_analista: number } }>(adminCookie, 'POST', '/users', {
      ...ANALISTA,
      password2: ANALISTA.password,
      rol: 2,
      nuevo_analista: true,
      limite_ofrecimiento: '100000',
    });
    await apiCall(adminCookie, 'POST', '/asignacion/reglas', { id_compania: compania.id, id_analista: user.id_analista });

    // The next new case of that company is theirs.
    const tercero = { apellido: 'Sosa', nombre: 'Marta', id_tipo_doc: 1, nro_doc: `3${stamp % 10_000_000}`, marca_modelo: 'VW Gol', dominio: 'AG500ZZ', cbu: CBU };
    const idCaso = await seedCaso(adminCookie, { idCompania: compania.id, reclamo_nro: RECLAMO, terceros: [tercero] });
    expect((await apiCall<{ caso: { id_analista: number } }>(adminCookie, 'GET', `/casos/${idCaso}`)).caso.id_analista).toBe(user.id_analista);

    // An automatic task of the case (the inspection's follow-up) lands on the analyst, not on whoever scheduled it.
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: 1 });
    const [inspector] = await apiCall<{ id: number }[]>(adminCookie, 'GET', '/inspector');
    const inspeccion = await apiCall<{ id: number }>(adminCookie, 'POST', `/inspeccion/${idCaso}`, {
      id_inspector: inspector!.id,
      fecha_inspeccion: '2030-03-04',
      direccion: 'Taller Oficina',
      detalle: 'Daños laterales',
    });
    const analista = await open(browser, ANALISTA);
    await analista.page.goto(`${baseUrl()}/casos`);
    // The list draws its owner switch once the session and lookups answered: seconds on a busy machine (the e2e project polls 15 s).
    await expect.poll(() => analista.page.getByRole('radio', { name: 'Mis casos' }).isChecked()).toBe(true);
    await analista.page.getByLabel(new RegExp(`^Abrir caso ${idCaso} `)).waitFor();
    await analista.page.goto(`${baseUrl()}/tareas`);
    await analista.page.getByRole('tab', { name: /^Todas/ }).click();
    await analista.page.getByRole('row').filter({ hasText: TAREA_TEXTO_SISTEMA.inspeccion('2030-03-04') }).waitFor();

    // A copy of the claim is caught at intake: 409 with the case, nothing created.
    const copia = await fetch(`${baseUrl()}/api/casos/alta`, {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        caso: { id_compania: compania.id, reclamo_nro: RECLAMO, gestor: 'Gestor E2E', fecha_siniestro: '2026-10-01', fecha_denuncia: '2026-10-02' },
        asegurado: { apellido: 'González', nombre: 'María José', id_tipo_doc: 1, nro_doc: '28123456', marca_modelo: 'Ford Ka', dominio: 'AB123CD' },
        terceros: [tercero],
      }),
    });
    expect(copia.status).toBe(409);
    expect(((await copia.json()) as { duplicados: { id: number }[] }).duplicados.map((caso) => caso.id)).toContain(idCaso);

    // No inspection after all (removed), the analyst offers $ 150.000, above their limit: it waits; the Admin approves it.
    const analistaCookie = await apiLogin(baseUrl(), ANALISTA);
    await apiCall(adminCookie, 'DELETE', `/inspeccion/${inspeccion.id}`, {});
    await apiCall(adminCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: 2 });
    await apiCall(analistaCookie, 'PATCH', `/casos/analisis/${idCaso}`, { id_responsabilidad: respo.data.id, valor_ofertado: '150000', analisis: 'Responsabilidad del asegurado' });
    expect((await apiCall<{ caso: { id_estado: number } }>(adminCookie, 'GET', `/casos/${idCaso}`)).caso.id_estado).toBe(3);
    const admin = await open(browser, ADMIN);
    await admin.page.goto(`${baseUrl()}/casos/detalleCaso/${idCaso}`);
    const aprobar = admin.page.getByTestId('aprobacion-pendiente').getByRole('button', { name: 'Aprobar' });
    // The detail's reads settle first: a click while the panel re-renders is lost.
    await admin.page.waitForLoadState('networkidle');
    await aprobar.click();
    await expect.poll(() => admin.page.getByTestId('caso-estado').textContent()).toBe('Ofrecimiento');
    const historial = (await apiCall<{ msg: string }[]>(adminCookie, 'GET', `/historial/${idCaso}`)).map((entry) => entry.msg);
    expect(historial).toContain(APROBACION_HISTORIA.aprobada('ofrecimiento', '150000', ADMIN.username));

    // Accepted, convenio sent and received; paid in two parts with receipts; the case closes.
    await apiCall(analistaCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: 4, valor_acordado: '150000' });
    await apiCall(analistaCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: 5 });
    await apiCall(analistaCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: 6 });
    await pagarAcordado(analistaCookie, idCaso, CBU, '100000');
    await pagarAcordado(analistaCookie, idCaso, CBU);
    const pagos = await apiCall<PagosDelCaso>(analistaCookie, 'GET', `/casos/${idCaso}/pagos`);
    expect([pagos.pagado, pagos.pendiente, pagos.pagos.length]).toEqual(['150000.00', '0.00', 2]);
    await apiCall(analistaCookie, 'PATCH', `/casos/avanza/${idCaso}`, { id_estado: 7 });

    // The values report shows agreed = paid, nothing pending.
    await analista.page.goto(`${baseUrl()}/casos/valores`);
    const fila = analista.page.getByRole('row').filter({ has: analista.page.getByRole('cell', { name: String(idCaso), exact: true }) });
    await fila.waitFor();
    expect((await fila.getByRole('cell').allTextContents()).slice(8, 11)).toEqual([formatPesos('150000'), formatPesos('150000'), formatPesos('0')]);
  });
});
