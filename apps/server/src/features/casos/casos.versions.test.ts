import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  AUDIENCIA_MESSAGES,
  CASO_MESSAGES,
  CICLO_MESSAGES,
  CONVENIO_MESSAGES,
  ESTADO,
  INSPECCION_MESSAGES,
  LESIONADO_MESSAGES,
  formatPesos,
  type CasoDetalle,
} from '@siniestros/domain';
import { createTestApp, USERNAMES, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { auditLog } from '../../db/tables/audit';
import { casos, terceros } from '../../db/tables/casos';
import { historial } from '../../db/tables/historial';
import { pick } from '../../shared/objects';
import { createCaso, tercero } from './casos.test-helpers';

/** docs/decisions/074: the agreed amount has one owner action, and a save made on a stale read is refused. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const getDetail = async (id: number): Promise<CasoDetalle> => (await t.request('user', { method: 'GET', url: `/api/casos/${id}` })).json();
const patch = (url: string, payload: unknown, role: 'user' | 'admin' = 'user') => t.request(role, { method: 'PATCH', url, payload: payload as object });
const editBody = (detail: CasoDetalle) => ({ caso: { ...detail.caso }, asegurados: { ...detail.asegurados }, terceros: detail.terceros.map((item) => ({ ...item })) });
const historyOf = async (id: number) =>
  (await t.database.db.select({ msg: historial.msg }).from(historial).where(eq(historial.id_caso, id)).orderBy(desc(historial.id))).map((row) => row.msg);
const acordadoOf = async (id: number) => (await t.database.db.select({ valor: casos.valor_acordado }).from(casos).where(eq(casos.id, id)))[0]!.valor;

describe('the agreed amount is fixed only by the acceptance and its correction', () => {
  it('a case save cannot change it (409, nothing written, no history) but may send it back as read', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO, valorOfertado: '1500000', valorAcordado: '1579938.57' });
    const before = await historyOf(id);

    for (const valor of ['1.00', 1, null, '']) {
      const response = await patch(`/api/casos/t/${id}`, { valor_acordado: valor, gestor: 'Otro Gestor' });
      expect(response.statusCode, String(valor)).toBe(409);
      expect(response.json().message).toBe(CASO_MESSAGES.acordadoNotEditable);
    }
    const full = editBody(await getDetail(id));
    full.caso.valor_acordado = '1.00';
    expect((await patch(`/api/casos/${id}`, full)).statusCode).toBe(409);
    expect(await acordadoOf(id)).toBe('1579938.57');
    expect(await historyOf(id)).toEqual(before);

    // The spec's client sends the detail's caso back: the same amount, in any spelling, is accepted and not written.
    const asRead = editBody(await getDetail(id));
    asRead.caso.gestor = 'Gestor Nuevo';
    expect((await patch(`/api/casos/${id}`, asRead)).statusCode).toBe(200);
    expect((await patch(`/api/casos/t/${id}`, { valor_acordado: 1579938.57 })).statusCode).toBe(200);
    expect((await patch(`/api/casos/t/${id}`, { valor_acordado: '1579938.570' })).statusCode).toBe(400);
    expect(await acordadoOf(id)).toBe('1579938.57');
  });

  it('the same on a closed case', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.FINALIZADO, valorOfertado: '900', valorAcordado: '1000' });
    expect((await patch(`/api/casos/t/${id}`, { valor_acordado: '1' })).statusCode).toBe(409);
    expect(await acordadoOf(id)).toBe('1000.00');
  });

  it("'Corregir valor acordado' changes it with its reason in the history and the audit log", async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.ESPERA_CONVENIO, valorOfertado: '1500000', valorAcordado: '1579938.57' });
    const { version } = (await getDetail(id)).caso;
    const response = await patch(`/api/casos/acordado/${id}`, { valor_acordado: '1600000.10', motivo: 'Error de tipeo en la aceptación', version });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CICLO_MESSAGES.acordadoCorregido, id_estado: ESTADO.ESPERA_CONVENIO, valor_acordado: '1600000.10' });
    expect(await acordadoOf(id)).toBe('1600000.10');
    expect((await historyOf(id))[0]).toBe(
      CICLO_MESSAGES.history.acordadoCorregido(formatPesos('1579938.57'), formatPesos('1600000.10'), 'Error de tipeo en la aceptación'),
    );
    const [audit] = await t.database.db
      .select({ actor: auditLog.actor, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'caso'), eq(auditLog.entity_id, id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toEqual({ actor: USERNAMES.user, changes: { valor_acordado: ['1579938.57', '1600000.10'] } });
    expect((await getDetail(id)).caso.version).toBe(version + 1);

    // The form read before the correction is stale now.
    expect((await patch(`/api/casos/acordado/${id}`, { valor_acordado: '5', motivo: 'x', version })).statusCode).toBe(409);
  });

  it('refuses a correction to 0, without a reason, before the acceptance and on a closed case', async () => {
    const open = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO, valorOfertado: '100', valorAcordado: '100' });
    for (const body of [{ valor_acordado: '0', motivo: 'x' }, { valor_acordado: '0.00', motivo: 'x' }, { valor_acordado: '10', motivo: ' ' }, { valor_acordado: '10' }]) {
      expect((await patch(`/api/casos/acordado/${open.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const notAccepted = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '100' });
    const closed = await insertCaso(t.database.db, { idEstado: ESTADO.FINALIZADO, valorOfertado: '100', valorAcordado: '100' });
    for (const { id } of [notAccepted, closed]) {
      const response = await patch(`/api/casos/acordado/${id}`, { valor_acordado: '10', motivo: 'Corrección' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(CICLO_MESSAGES.cannotCorregirAcordado);
    }
    expect(await acordadoOf(open.id)).toBe('100.00');
    expect(await acordadoOf(notAccepted.id)).toBeNull();
  });

  it('an acceptance for 0,00 is refused, and a convenio for 0,00 is never generated', async () => {
    const offeredZero = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '0' });
    const accept = await patch(`/api/casos/avanza/${offeredZero.id}`, { id_estado: ESTADO.OFRECIMIENTO });
    expect(accept.statusCode).toBe(422);
    expect(accept.json().message).toBe(CICLO_MESSAGES.acordadoPositivo);
    const typedZero = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '100' });
    expect((await patch(`/api/casos/avanza/${typedZero.id}`, { id_estado: ESTADO.OFRECIMIENTO, valor_acordado: '0.00' })).statusCode).toBe(422);
    expect((await getDetail(typedZero.id)).caso.id_estado).toBe(ESTADO.OFRECIMIENTO);

    // A case agreed at 0 before this rule (written straight to the table).
    const legacy = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO, valorOfertado: '100', valorAcordado: '0' });
    await t.database.db.update(terceros).set({ cbu: '2850590940090418135201' }).where(eq(terceros.id, legacy.terceroIds[0]!));
    const convenio = await t.request('user', {
      method: 'POST',
      url: `/api/documentacion/c/${legacy.id}`,
      payload: { convenioFile: ['Daños Titular sin Letrado'], id_tercero: legacy.terceroIds[0] },
    });
    expect(convenio.statusCode).toBe(422);
    expect(convenio.json().message).toBe(CONVENIO_MESSAGES.montoCero);
  });

  it('the acceptance makes a form read before it stale', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '100' });
    const stale = editBody(await getDetail(id));
    expect((await patch(`/api/casos/avanza/${id}`, { id_estado: ESTADO.OFRECIMIENTO, valor_acordado: '120' })).statusCode).toBe(200);
    stale.caso.gestor = 'Tarde';
    const response = await patch(`/api/casos/${id}`, stale);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CASO_MESSAGES.stale.caso);
    expect(await acordadoOf(id)).toBe('120.00');
  });
});

describe('no lost updates: a save names the version it read', () => {
  it('of two people who read the same case, the second to save gets 409 and writes nothing', async () => {
    const id = await createCaso(t, { terceros: [tercero(1)] });
    const first = editBody(await getDetail(id));
    const second = editBody(await getDetail(id));
    first.caso.declaracion_asegurado = 'Lo que escribió la primera persona';
    expect((await patch(`/api/casos/${id}`, first)).statusCode).toBe(200);

    second.caso.gestor = 'Segunda persona';
    const response = await patch(`/api/casos/${id}`, second);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CASO_MESSAGES.stale.caso);
    const detail = await getDetail(id);
    expect(detail.caso).toMatchObject({ declaracion_asegurado: 'Lo que escribió la primera persona', gestor: 'Gestor Uno', version: first.caso.version + 1 });
  });

  it('the insured party and each third party carry their own version on the spec\'s separate calls', async () => {
    const id = await createCaso(t, { terceros: [tercero(1), tercero(2)] });
    const read = await getDetail(id);
    expect((await patch(`/api/asegurados/t/${id}`, { ...read.asegurados, apellido: 'Primero' })).statusCode).toBe(200);
    const staleAsegurado = await patch(`/api/asegurados/t/${id}`, { ...read.asegurados, apellido: 'Segundo' });
    expect(staleAsegurado.statusCode).toBe(409);
    expect(staleAsegurado.json().message).toBe(CASO_MESSAGES.stale.asegurado);

    const [uno, dos] = read.terceros;
    expect((await patch(`/api/terceros/t/${id}`, [{ ...dos, apellido: 'Primero' }])).statusCode).toBe(200);
    // The first third party was not saved meanwhile: its version still holds; the second's does not.
    expect((await patch(`/api/terceros/t/${id}`, [{ ...uno, apellido: 'Uno' }])).statusCode).toBe(200);
    const staleTercero = await patch(`/api/terceros/t/${id}`, [{ ...uno, apellido: 'Uno bis' }, { ...dos, apellido: 'Segundo' }]);
    expect(staleTercero.statusCode).toBe(409);
    expect(staleTercero.json().message).toBe(CASO_MESSAGES.stale.tercero);

    const detail = await getDetail(id);
    expect(detail.asegurados.apellido).toBe('Primero');
    expect(detail.terceros.map((item) => item.apellido)).toEqual(['Uno', 'Primero']);
  });

  it('a save without a version is not checked (API callers of before), and a bad version is a 400', async () => {
    const id = await createCaso(t);
    expect((await patch(`/api/casos/t/${id}`, { gestor: 'Sin versión' })).statusCode).toBe(200);
    for (const version of [0, -1, 1.5, 'x', 2 ** 31]) {
      const response = await patch(`/api/casos/t/${id}`, { gestor: 'Mala', version });
      expect(response.statusCode, String(version)).toBe(400);
    }
    expect((await getDetail(id)).caso.gestor).toBe('Sin versión');
  });
});

describe('a field left out of a save is left as it is', () => {
  it('PATCH /casos/t keeps the statement, the insured party and third parties keep what the body omits', async () => {
    const id = await createCaso(t, { caso: { declaracion_asegurado: 'Venía por Corrientes' }, terceros: [tercero(1, { cel: '1155556666' })] });
    expect((await patch(`/api/casos/t/${id}`, { gestor: 'Solo el gestor' })).statusCode).toBe(200);
    expect((await patch(`/api/asegurados/t/${id}`, { cel: '1144443333' })).statusCode).toBe(200);
    const [first] = (await getDetail(id)).terceros;
    expect((await patch(`/api/terceros/t/${id}`, [{ id: first!.id, domicilio: 'Av. Rivadavia 4500' }])).statusCode).toBe(200);

    const detail = await getDetail(id);
    expect(detail.caso).toMatchObject({ gestor: 'Solo el gestor', declaracion_asegurado: 'Venía por Corrientes' });
    expect(detail.asegurados).toMatchObject({ cel: '1144443333', apellido: 'González' });
    expect(detail.terceros[0]).toMatchObject({ domicilio: 'Av. Rivadavia 4500', cel: '1155556666', apellido: 'Tercero1' });

    // null still clears a field; a required one cannot be blanked.
    expect((await patch(`/api/casos/t/${id}`, { declaracion_asegurado: null })).statusCode).toBe(200);
    expect((await getDetail(id)).caso.declaracion_asegurado).toBeNull();
    expect((await patch(`/api/casos/t/${id}`, { gestor: '' })).statusCode).toBe(400);
    expect((await patch(`/api/asegurados/t/${id}`, { apellido: null })).statusCode).toBe(400);
  });

  it('a new third party (no id) is still checked whole', async () => {
    const id = await createCaso(t);
    const response = await patch(`/api/terceros/t/${id}`, [{ nombre: 'Sin apellido', dominio: 'AA111AA' }]);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('El apellido es requerido');
    expect((await getDetail(id)).terceros.map((item) => item.apellido)).toEqual(['Tercero1']);
  });
});

describe('injured people, hearings and inspections carry their version too', () => {
  const post = (url: string, payload: object) => t.request('user', { method: 'POST', url, payload });

  it('a stale save of each is refused (409 in Spanish) and the first save stays', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.INSPECCION });
    const lesionado = (await post(`/api/lesionados/${id}`, { apellido: 'Herido', nombre: 'Pedro', id_tipo_doc: 1, nro_doc: '40111222' })).json();
    const audiencia = (await post(`/api/mediacion/${id}`, { fechah: '2026-12-10', hora: '10:30', lugar: 'Centro de mediación' })).json();
    const inspeccion = (
      await post(`/api/inspeccion/${id}`, { id_inspector: t.ids.inspectorRecord, fecha_inspeccion: '2026-12-01', direccion: 'Calle 1', detalle: 'Ver daños' })
    ).json();
    expect([lesionado.version, audiencia.version, inspeccion.version]).toEqual([1, 1, 1]);

    const cases = [
      { url: `/api/lesionados/${lesionado.id}`, read: lesionado, field: 'nombre', message: LESIONADO_MESSAGES.stale },
      { url: `/api/mediacion/${audiencia.id}`, read: audiencia, field: 'lugar', message: AUDIENCIA_MESSAGES.stale },
      { url: `/api/inspeccion/edit/${inspeccion.id}`, read: inspeccion, field: 'detalle', message: INSPECCION_MESSAGES.stale },
    ];
    for (const { url, read, field, message } of cases) {
      const fields = pick(read as Record<string, unknown>, ['version', 'apellido', 'nombre', 'id_tipo_doc', 'nro_doc', 'fechah', 'hora', 'lugar', 'mediacion_nro', 'id_inspector', 'fecha_inspeccion', 'direccion', 'detalle']);
      const first = await patch(url, { ...fields, [field]: 'Primera persona' });
      expect(first.statusCode, url).toBe(200);
      expect(first.json().version, url).toBe(2);
      const second = await patch(url, { ...fields, [field]: 'Segunda persona' });
      expect(second.statusCode, url).toBe(409);
      expect(second.json().message, url).toBe(message);
    }
    const detail = await getDetail(id);
    expect(detail.lesionados[0]).toMatchObject({ nombre: 'Primera persona', version: 2 });
    expect(detail.audiencias[0]).toMatchObject({ lugar: 'Primera persona', version: 2 });
    expect(detail.inspecciones[0]).toMatchObject({ detalle: 'Primera persona', version: 2 });
  });

  it('an injured person or a hearing keeps what an edit leaves out', async () => {
    const { id } = await insertCaso(t.database.db);
    const lesionado = (await post(`/api/lesionados/${id}`, { apellido: 'Herido', nombre: 'Pedro', id_tipo_doc: 1, nro_doc: '40111222' })).json();
    const audiencia = (await post(`/api/mediacion/${id}`, { fechah: '2026-12-10', hora: '10:30', lugar: 'Centro', mediacion_nro: 'M-77' })).json();
    expect((await patch(`/api/lesionados/${lesionado.id}`, { nombre: 'Pablo' })).statusCode).toBe(200);
    expect((await patch(`/api/mediacion/${audiencia.id}`, { lugar: 'Tribunales' })).statusCode).toBe(200);
    const detail = await getDetail(id);
    expect(detail.lesionados[0]).toMatchObject({ apellido: 'Herido', nombre: 'Pablo', nro_doc: '40111222' });
    expect(detail.audiencias[0]).toMatchObject({ fechah: '2026-12-10', lugar: 'Tribunales', mediacion_nro: 'M-77' });
  });
});
