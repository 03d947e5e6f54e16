import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  CICLO_MESSAGES,
  CONVENIO_MESSAGES,
  COMPROBANTE_PAGO,
  ESTADO,
  PAGO_MESSAGES,
  formatPesos,
  pagoVencidoAntesDe,
  todayIso,
  type Pago,
  type PagosDelCaso,
  type PagosTablero,
  type ValoresPage,
} from '@siniestros/domain';
import { createTestApp, type Role, type TestApp } from '../../../test/helpers';
import { startSmtpCapture } from '../../../test/smtp';
import { insertCaso } from '../../../test/fixtures';
import { multipart, SAMPLE_FILES } from '../../../test/multipart';

/** The claimant's e-mail goes through a real SMTP server on loopback. */
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ ...smtp.settings, ORG_NAME: 'Estudio Pérez' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const CBU_TERCERO = '0720123988000012345678';
const CBU_OTRO = '0110599552000000123456';
const today = todayIso();

/** A case whose signed convenio is back (7), agreed $ 150.000, its third party with a CBU and an e-mail. */
async function casoAcordado(idEstado: number = ESTADO.A_FINALIZAR, valorAcordado = '150000.00') {
  const caso = await insertCaso(t.database.db, { idEstado, valorOfertado: valorAcordado, valorAcordado });
  await t.rows(sql`update terceros set cbu = ${CBU_TERCERO}, mail = 'juan.tercero@correo.test; S/D' where id = ${caso.terceroIds[0]!}`);
  return { id: caso.id, idTercero: caso.terceroIds[0]! };
}

const ordenar = (idCaso: number, body: Record<string, unknown>, role: Role = 'user') =>
  t.request(role, { method: 'POST', url: `/api/casos/${idCaso}/pagos`, payload: body });
const pagar = (idCaso: number, idPago: number, body: Record<string, unknown>, role: Role = 'user') =>
  t.request(role, { method: 'PATCH', url: `/api/casos/${idCaso}/pagos/${idPago}/pagado`, payload: body });
const anular = (idCaso: number, idPago: number, body: Record<string, unknown>) =>
  t.request('user', { method: 'PATCH', url: `/api/casos/${idCaso}/pagos/${idPago}/anular`, payload: body });
const pagosDe = async (idCaso: number) => (await t.request('user', { method: 'GET', url: `/api/casos/${idCaso}/pagos` })).json() as PagosDelCaso;
const historyOf = async (idCaso: number) =>
  (await t.rows<{ msg: string }>(sql`select msg from historial where id_caso = ${idCaso} order by id`)).map((row) => row.msg);

async function orden(caso: { id: number; idTercero: number }, monto: string): Promise<Pago> {
  const response = await ordenar(caso.id, { id_tercero: caso.idTercero, beneficiario: 'tercero', monto, fecha_solicitud: today });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** Uploads a receipt to the case through the documents' own upload; its stored name. */
async function comprobante(idCaso: number, tipo: string = COMPROBANTE_PAGO): Promise<string> {
  const response = await t.request('user', {
    method: 'POST',
    url: `/api/documentacion/t/${idCaso}`,
    ...multipart([
      ['tipo', tipo],
      ['uploadFiles', { filename: 'transferencia.pdf', content: SAMPLE_FILES.pdf, contentType: 'application/pdf' }],
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().files[0];
}

const clock = async (idCaso: number) =>
  (await t.rows<{ hasta: string | null }>(sql`select hasta::text as hasta from caso_plazos where id_caso = ${idCaso} and evento = 'valor_acordado'`))[0];

describe('ordering a payment', () => {
  it('waits for the signed convenio (status 7), refuses closed cases, and is for Admin and User only', async () => {
    for (const idEstado of [ESTADO.CONVENIO, ESTADO.ESPERA_CONVENIO]) {
      const caso = await casoAcordado(idEstado);
      const response = await ordenar(caso.id, { id_tercero: caso.idTercero, beneficiario: 'tercero', monto: '1000', fecha_solicitud: today });
      expect([response.statusCode, response.json().message]).toEqual([409, PAGO_MESSAGES.antesDeConvenio]);
    }
    const cerrado = await casoAcordado(17);
    expect((await ordenar(cerrado.id, { id_tercero: cerrado.idTercero, beneficiario: 'tercero', monto: '1000', fecha_solicitud: today })).json().message).toBe(
      PAGO_MESSAGES.casoCerrado,
    );
    const caso = await casoAcordado();
    expect((await ordenar(caso.id, { id_tercero: caso.idTercero, beneficiario: 'tercero', monto: '1000', fecha_solicitud: today }, 'inspector')).statusCode).toBe(403);
    expect((await pagosDe(caso.id)).pagos).toEqual([]);
  });

  it("takes the third party's CBU unless one is typed, checks its digits, and writes the history row", async () => {
    const caso = await casoAcordado();
    const pago = await orden(caso, '100000');
    expect(pago).toMatchObject({ beneficiario: 'tercero', beneficiario_nombre: 'Juan Tercero1', cbu: CBU_TERCERO, monto: '100000.00', estado: 'ordenado', version: 1 });
    const malo = await ordenar(caso.id, { id_tercero: caso.idTercero, beneficiario: 'tercero', monto: '1000', fecha_solicitud: today, cbu: '0720123988000012345679' });
    expect([malo.statusCode, malo.json().errors]).toEqual([400, [{ path: 'cbu', message: CONVENIO_MESSAGES.badCbuCheck }]]);
    const otro = await ordenar(caso.id, { id_tercero: caso.idTercero, beneficiario: 'tercero', monto: '1000', fecha_solicitud: today, cbu: '0110599-5 52000000123456' });
    expect(otro.json().data.cbu).toBe(CBU_OTRO);
    expect((await historyOf(caso.id)).slice(1)).toEqual([
      `Se ordena pago de ${formatPesos('100000')} a Juan Tercero1`,
      `Se ordena pago de ${formatPesos('1000')} a Juan Tercero1`,
    ]);
  });

  it('pays the lawyer only when the case has one, and only third parties of the case', async () => {
    const caso = await casoAcordado();
    const sinLetrado = await ordenar(caso.id, { id_tercero: caso.idTercero, beneficiario: 'letrado', monto: '1000', fecha_solicitud: today });
    expect([sinLetrado.statusCode, sinLetrado.json().message]).toEqual([422, PAGO_MESSAGES.sinLetrado]);
    await t.request('user', { method: 'POST', url: '/api/letrados', payload: { id_caso: caso.id, apellido: 'Fernández', nombre: 'Julia', cbu: CBU_OTRO } });
    const letrado = await ordenar(caso.id, { id_tercero: caso.idTercero, beneficiario: 'letrado', monto: '1000', fecha_solicitud: today });
    expect(letrado.json().data).toMatchObject({ beneficiario: 'letrado', beneficiario_nombre: 'Julia Fernández', cbu: CBU_OTRO });
    const ajeno = await casoAcordado();
    const otroTercero = await ordenar(caso.id, { id_tercero: ajeno.idTercero, beneficiario: 'tercero', monto: '1000', fecha_solicitud: today });
    expect([otroTercero.statusCode, otroTercero.json().message]).toEqual([422, PAGO_MESSAGES.terceroNoEsDelCaso]);
  });
});

describe('partial payments', () => {
  it('add up, never past the agreed amount (409 with the pending amount)', async () => {
    const caso = await casoAcordado();
    const primero = await orden(caso, '100000');
    const segundo = await orden(caso, '50000');
    const demas = await ordenar(caso.id, { id_tercero: caso.idTercero, beneficiario: 'tercero', monto: '0.01', fecha_solicitud: today });
    expect([demas.statusCode, demas.json().message]).toEqual([409, PAGO_MESSAGES.excede(formatPesos('0'))]);

    const recibo = await comprobante(caso.id);
    const pagado = await pagar(caso.id, primero.id, { fecha_pago: '2026-11-20', documento: recibo, version: 1 });
    expect(pagado.statusCode, pagado.body).toBe(200);
    expect(pagado.json().data).toMatchObject({ estado: 'pagado', fecha_pago: '2026-11-20', documento: recibo, version: 2 });
    expect(await pagosDe(caso.id)).toMatchObject({ acordado: '150000.00', pagado: '100000.00', ordenado: '50000.00', pendiente: '50000.00', por_ordenar: '0.00' });

    // An annulled order frees its amount for a new one.
    expect((await anular(caso.id, segundo.id, { motivo: 'CBU equivocado', version: 1 })).json().data).toMatchObject({ estado: 'anulado', motivo_anulacion: 'CBU equivocado' });
    const excede = await ordenar(caso.id, { id_tercero: caso.idTercero, beneficiario: 'tercero', monto: '50000.01', fecha_solicitud: today });
    expect(excede.json().message).toBe(PAGO_MESSAGES.excede(formatPesos('50000')));
    await orden(caso, '50000');
    expect((await historyOf(caso.id)).filter((msg) => msg.startsWith('Se registra') || msg.startsWith('Se anula'))).toEqual([
      `Se registra pago de ${formatPesos('100000')} (transferencia del 20/11/2026)`,
      `Se anula el pago de ${formatPesos('50000')}. Motivo: CBU equivocado`,
    ]);
  });

  it("bound 'Corregir valor acordado': never below what is paid plus ordered (409 naming it); at it, it goes", async () => {
    const caso = await casoAcordado();
    const primero = await orden(caso, '100000');
    await pagar(caso.id, primero.id, { fecha_pago: '2026-11-20', documento: await comprobante(caso.id), version: 1 });
    await orden(caso, '20000');
    const corregir = (valor: string) =>
      t.request('user', { method: 'PATCH', url: `/api/casos/acordado/${caso.id}`, payload: { valor_acordado: valor, motivo: 'Error de tipeo en el convenio' } });
    const bajo = await corregir('119999.99');
    expect([bajo.statusCode, bajo.json().message]).toEqual([409, PAGO_MESSAGES.acordadoBajoComprometido(formatPesos('120000'))]);
    expect(await pagosDe(caso.id)).toMatchObject({ acordado: '150000.00', pagado: '100000.00', ordenado: '20000.00' });
    const justo = await corregir('120000');
    expect(justo.statusCode, justo.body).toBe(200);
    expect(await pagosDe(caso.id)).toMatchObject({ acordado: '120000.00', pendiente: '20000.00', por_ordenar: '0.00' });
  });

  it('need a receipt of the case of type Doc Final or Comprobante de pago, the current version, and the payment of the path', async () => {
    const caso = await casoAcordado();
    const pago = await orden(caso, '1000');
    const foto = await comprobante(caso.id, 'Foto');
    expect((await pagar(caso.id, pago.id, { fecha_pago: today, documento: foto })).json().message).toBe(PAGO_MESSAGES.comprobante);
    const otroCaso = await casoAcordado();
    const ajeno = await comprobante(otroCaso.id);
    expect((await pagar(caso.id, pago.id, { fecha_pago: today, documento: ajeno })).statusCode).toBe(422);
    // The payment belongs to the case in the path.
    expect((await pagar(otroCaso.id, pago.id, { fecha_pago: today, documento: ajeno })).statusCode).toBe(404);
    const docFinal = await comprobante(caso.id, 'Doc Final');
    await anular(caso.id, pago.id, { motivo: 'Se rehace', version: 1 }).then((response) => expect(response.statusCode).toBe(200));
    const stale = await pagar(caso.id, pago.id, { fecha_pago: today, documento: docFinal, version: 1 });
    expect([stale.statusCode, stale.json().message]).toEqual([409, PAGO_MESSAGES.stale]);
    expect((await pagar(caso.id, pago.id, { fecha_pago: today, documento: docFinal })).json().message).toBe(PAGO_MESSAGES.noAnulable);
  });
});

describe('closing con acuerdo', () => {
  it('is refused while the agreed amount is unpaid; a User cannot override; an Admin can, with the reason in the history', async () => {
    const caso = await casoAcordado();
    const pago = await orden(caso, '100000');
    await pagar(caso.id, pago.id, { fecha_pago: today, documento: await comprobante(caso.id) });
    const pendiente = PAGO_MESSAGES.pendienteAlCerrar(formatPesos('50000'));
    const cerrar = await t.request('user', { method: 'PATCH', url: `/api/casos/cerrar/t/${caso.id}`, payload: { id_estado: 17 } });
    expect([cerrar.statusCode, cerrar.json().message]).toEqual([409, pendiente]);
    const finalizar = await t.request('user', { method: 'PATCH', url: `/api/casos/avanza/${caso.id}`, payload: { id_estado: ESTADO.A_FINALIZAR } });
    expect([finalizar.statusCode, finalizar.json().message]).toEqual([409, pendiente]);
    const estado = await t.request('user', { method: 'PATCH', url: `/api/casos/estado/${caso.id}`, payload: { id_estado: 17 } });
    expect(estado.statusCode).toBe(409);
    const user = await t.request('user', { method: 'PATCH', url: `/api/casos/cerrar/t/${caso.id}`, payload: { id_estado: 17, motivo_pago_pendiente: 'Lo pide la compañía' } });
    expect([user.statusCode, user.json().message]).toEqual([403, PAGO_MESSAGES.soloAdminFuerza]);
    // Other reasons close as before.
    const sinAcuerdo = await casoAcordado();
    expect((await t.request('user', { method: 'PATCH', url: `/api/casos/cerrar/t/${sinAcuerdo.id}`, payload: { id_estado: 9 } })).statusCode).toBe(200);

    const admin = await t.request('admin', { method: 'PATCH', url: `/api/casos/cerrar/t/${caso.id}`, payload: { id_estado: 17, motivo_pago_pendiente: 'Saldo por compensación' } });
    expect(admin.json()).toEqual({ message: CICLO_MESSAGES.closed, id_estado: 17 });
    expect((await historyOf(caso.id)).slice(-2)).toEqual([
      PAGO_MESSAGES.history.cierreConPendiente('50000.00', 'Saldo por compensación'),
      CICLO_MESSAGES.history.closed('Cerrado con Acuerdo'),
    ]);
  });

  it("closes once paid in full ('Finalizar Caso')", async () => {
    const caso = await casoAcordado();
    for (const monto of ['100000', '50000']) {
      const pago = await orden(caso, monto);
      await pagar(caso.id, pago.id, { fecha_pago: today, documento: await comprobante(caso.id) });
    }
    const finalizar = await t.request('user', { method: 'PATCH', url: `/api/casos/avanza/${caso.id}`, payload: { id_estado: ESTADO.A_FINALIZAR } });
    expect(finalizar.json().id_estado).toBe(ESTADO.FINALIZADO);
  });
});

describe('the art. 49 clock', () => {
  it('stops at the transfer that completes the agreed amount, and runs again when a payment is annulled', async () => {
    const caso = await casoAcordado();
    expect(await clock(caso.id)).toEqual({ hasta: null });
    const primero = await orden(caso, '100000');
    await pagar(caso.id, primero.id, { fecha_pago: '2026-11-18', documento: await comprobante(caso.id) });
    expect(await clock(caso.id)).toEqual({ hasta: null });
    const segundo = await orden(caso, '50000');
    await pagar(caso.id, segundo.id, { fecha_pago: '2026-11-19', documento: await comprobante(caso.id) });
    expect(await clock(caso.id)).toEqual({ hasta: '2026-11-19' });
    const clocks = (await t.request('user', { method: 'GET', url: `/api/plazos/caso/${caso.id}` })).json() as { codigo: string }[];
    expect(clocks.map((item) => item.codigo)).not.toContain('pago');

    await anular(caso.id, segundo.id, { motivo: 'Transferencia rechazada' });
    expect(await clock(caso.id)).toEqual({ hasta: null });
    // Closing with the Admin's reason stops it; reopening restarts only an unpaid one.
    await t.request('admin', { method: 'PATCH', url: `/api/casos/cerrar/t/${caso.id}`, payload: { id_estado: 17, motivo_pago_pendiente: 'Prueba' } });
    expect(await clock(caso.id)).toEqual({ hasta: today });
    await t.request('user', { method: 'PATCH', url: `/api/casos/reabrir/${caso.id}` });
    expect(await clock(caso.id)).toEqual({ hasta: null });
    const tercero = await orden(caso, '50000');
    await pagar(caso.id, tercero.id, { fecha_pago: '2026-11-20', documento: await comprobante(caso.id) });
    await t.request('admin', { method: 'PATCH', url: `/api/casos/estado/${caso.id}`, payload: { id_estado: 17 } });
    await t.request('user', { method: 'PATCH', url: `/api/casos/reabrir/${caso.id}` });
    expect(await clock(caso.id)).toEqual({ hasta: '2026-11-20' });
  });
});

describe("the claimant's e-mail", () => {
  it('is sent when a payment is registered, and the history says so', async () => {
    const caso = await casoAcordado();
    const pago = await orden(caso, '150000');
    smtp.received.length = 0;
    await pagar(caso.id, pago.id, { fecha_pago: '2026-11-20', documento: await comprobante(caso.id) });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['juan.tercero@correo.test']);
    expect(smtp.received[0]!.mail.subject).toBe(PAGO_MESSAGES.aviso.subject(caso.id));
    expect(smtp.received[0]!.mail.text).toContain(`el 20/11/2026 se transfirió ${formatPesos('150000')} correspondiente al caso ${caso.id}`);
    expect((await historyOf(caso.id)).at(-1)).toBe(PAGO_MESSAGES.history.avisoEnviado('juan.tercero@correo.test'));
  });

  it('is skipped without an address, and the payment stands', async () => {
    const caso = await casoAcordado();
    await t.rows(sql`update terceros set mail = 'S/D' where id = ${caso.idTercero}`);
    const pago = await orden(caso, '1000');
    smtp.received.length = 0;
    expect((await pagar(caso.id, pago.id, { fecha_pago: today, documento: await comprobante(caso.id) })).statusCode).toBe(200);
    expect(smtp.received).toHaveLength(0);
    expect((await historyOf(caso.id)).at(-1)).toBe(PAGO_MESSAGES.history.avisoNoEnviado(PAGO_MESSAGES.aviso.sinCorreo));
  });
});

describe('the Tablero, the values report and the export', () => {
  it("count the unpaid orders and the overdue ones, the oldest listed first", async () => {
    const caso = await casoAcordado();
    const viejo = await orden(caso, '1000');
    await t.rows(sql`update pagos set fecha_solicitud = '2020-01-02' where id = ${viejo.id}`);
    await orden(caso, '2000');
    const tablero = (await t.request('user', { method: 'GET', url: '/api/pagos/tablero' })).json() as PagosTablero;
    expect(tablero.vencidoAntesDe).toBe(pagoVencidoAntesDe(today));
    expect(tablero.masAntiguos[0]).toMatchObject({ id: viejo.id, id_caso: caso.id, monto: '1000.00', fecha_solicitud: '2020-01-02' });
    const [cuenta] = await t.rows<{ ordenados: number; vencidos: number }>(
      sql`select count(*)::int as ordenados, (count(*) filter (where fecha_solicitud < ${tablero.vencidoAntesDe}::date))::int as vencidos from pagos where estado = 'ordenado'`,
    );
    expect([tablero.ordenados, tablero.vencidos]).toEqual([cuenta!.ordenados, cuenta!.vencidos]);
    expect(tablero.vencidos).toBeGreaterThanOrEqual(1);
    await pagar(caso.id, viejo.id, { fecha_pago: today, documento: await comprobante(caso.id) });
    const despues = (await t.request('user', { method: 'GET', url: '/api/pagos/tablero' })).json() as PagosTablero;
    expect([despues.ordenados, despues.vencidos]).toEqual([tablero.ordenados - 1, tablero.vencidos - 1]);
  });

  it('carry the agreed, paid and pending amounts of each case', async () => {
    const caso = await casoAcordado();
    const pago = await orden(caso, '100000');
    await pagar(caso.id, pago.id, { fecha_pago: today, documento: await comprobante(caso.id) });
    await t.request('admin', { method: 'PATCH', url: `/api/casos/cerrar/t/${caso.id}`, payload: { id_estado: 17, motivo_pago_pendiente: 'Saldo compensado' } });
    const sinAcuerdo = await insertCaso(t.database.db, { idEstado: 9 });
    const reporte = (await t.request('user', { method: 'GET', url: '/api/casos/valores/?page=1&pageSize=100' })).json() as ValoresPage;
    const fila = (id: number) => reporte.casos.find((row) => row.id === id);
    expect(fila(caso.id)).toMatchObject({ valor_acordado: '150000.00', valor_pagado: '100000.00', valor_pendiente: '50000.00' });
    expect(fila(sinAcuerdo.id)).toMatchObject({ valor_acordado: null, valor_pagado: '0.00', valor_pendiente: null });

    const exported = await t.request('user', { method: 'POST', url: '/api/casos/export', payload: { nroCaso: String(caso.id), formato: 'excel' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(-4)).toEqual(['Fecha Cierre', 'Acordado', 'Pagado', 'Pendiente']);
    expect((sheet.getRow(2).values as unknown[]).slice(-3)).toEqual([150000, 100000, 50000]);
  });
});
