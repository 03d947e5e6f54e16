import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ADVANCE,
  ANALISIS_MESSAGES,
  CASO_MESSAGES,
  CICLO_MESSAGES,
  CLOSING_REASONS,
  CONVENIO_MESSAGES,
  ESTADO,
  formatPesos,
  MSG_TWO_DECIMALS,
} from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { insertCaso } from '../../../test/fixtures';
import { historial } from '../../db/tables/historial';
import { inspecciones } from '../../db/tables/inspeccion';
import { casos } from '../../db/tables/casos';

/** This file's today (a fixed day: the same expectations whatever day the suite runs). */
const HOY = MIERCOLES;
let t: TestApp;
let idResponsabilidad: number;
beforeAll(async () => {
  t = await createTestApp({}, { now: clockAt(HOY) });
  const respo = await t.request('admin', { method: 'POST', url: '/api/respo', payload: { nombre: 'Responsabilidad del asegurado' } });
  idResponsabilidad = respo.json().data.id;
});
afterAll(() => t?.close());

const ALL_ESTADOS = Array.from({ length: 19 }, (_, index) => index + 1);

async function casoRow(id: number) {
  const [row] = await t.database.db
    .select({
      id_estado: casos.id_estado,
      id_estado_previo: casos.id_estado_previo,
      fecha_cierre: casos.fecha_cierre,
      valor_ofertado: casos.valor_ofertado,
      valor_acordado: casos.valor_acordado,
      analisis: casos.analisis,
      id_responsabilidad: casos.id_responsabilidad,
      completa_doc: casos.completa_doc,
      version: casos.version,
    })
    .from(casos)
    .where(eq(casos.id, id));
  return row!;
}

async function historyOf(idCaso: number): Promise<string[]> {
  const rows = await t.database.db.select({ msg: historial.msg }).from(historial).where(eq(historial.id_caso, idCaso)).orderBy(historial.id);
  return rows.map((row) => row.msg);
}

async function addInspeccion(idCaso: number, estado: 'Coordinada' | 'Licitando' | 'Finalizada') {
  await t.database.db.insert(inspecciones).values({
    id_caso: idCaso,
    id_inspector: t.ids.inspectorRecord,
    fecha_inspeccion: '2026-10-05',
    direccion: 'Av. Rivadavia 1234',
    detalle: 'Daños en paragolpes',
    estado,
  });
}

const patch = (url: string, payload: Record<string, unknown> = {}) => t.request('user', { method: 'PATCH', url, payload });

type Transition = {
  name: string;
  call: (id: number) => ReturnType<typeof patch>;
  /** The status it leads to from `from`, or undefined when refused there. */
  target: (from: number) => number | undefined;
  message: (from: number) => string;
  refusal: string;
};

const TRANSITIONS: Transition[] = [
  {
    name: 'avanza',
    call: (id) => patch(`/api/casos/avanza/${id}`, { user: 'x', fecha: '2026-10-10' }),
    target: (from) => ADVANCE[from],
    message: (from) => (from === ESTADO.CONVENIO ? 'Convenio enviado' : CICLO_MESSAGES.advanced),
    refusal: CICLO_MESSAGES.cannotAdvance,
  },
  {
    name: 'return',
    call: (id) => patch(`/api/casos/return/${id}`, { usuario: 'x', fecha: '2026-10-10' }),
    target: (from) => (from === ESTADO.ANALISIS ? ESTADO.INSPECCION : undefined),
    message: () => CICLO_MESSAGES.returned,
    refusal: CICLO_MESSAGES.cannotReturn,
  },
  {
    name: 'cerrar',
    call: (id) => patch(`/api/casos/cerrar/t/${id}`, { id_estado: 13, usuario: 'x', msg: 'Tercero Responsable', fecha: '2026-10-10' }),
    target: (from) => (from < 8 ? 13 : undefined),
    message: () => CICLO_MESSAGES.closed,
    refusal: CICLO_MESSAGES.cannotClose,
  },
  {
    name: 'reabrir',
    call: (id) => patch(`/api/casos/reabrir/${id}`, { usuario: 'x' }),
    // Fixture cases never went through a close: no remembered status, so back to 1.
    target: (from) => (from >= 8 ? ESTADO.INICIAL : undefined),
    message: () => CICLO_MESSAGES.reopened,
    refusal: CICLO_MESSAGES.cannotReopen,
  },
  {
    name: 'reinspeccionar',
    call: (id) => patch(`/api/casos/reinspeccionar/${id}`, { usuario: 'x' }),
    target: (from) => (from >= 3 && from <= 7 ? ESTADO.INSPECCION : undefined),
    message: () => CICLO_MESSAGES.reinspected,
    refusal: CICLO_MESSAGES.cannotReinspect,
  },
  {
    name: 'analisis',
    call: (id) =>
      patch(`/api/casos/analisis/${id}`, {
        id_responsabilidad: idResponsabilidad,
        valor_ofertado: '350000.50',
        analisis: 'Responsabilidad plena del asegurado',
        id_estado: 4,
      }),
    target: (from) => (from === ESTADO.ANALISIS ? ESTADO.OFRECIMIENTO : undefined),
    message: () => ANALISIS_MESSAGES.saved,
    refusal: CICLO_MESSAGES.cannotAnalyze,
  },
  {
    name: 'reconsiderar',
    call: (id) => patch(`/api/casos/reconsiderar/${id}`, { valor_ofertado: 400000, msg: 'El tercero presentó un nuevo presupuesto' }),
    target: (from) => (from === ESTADO.OFRECIMIENTO ? ESTADO.OFRECIMIENTO : undefined),
    message: () => ANALISIS_MESSAGES.reconsidered,
    refusal: CICLO_MESSAGES.cannotReconsider,
  },
];

describe.each(TRANSITIONS)('$name from every status 1..19', (transition) => {
  it.each(ALL_ESTADOS)('from %i', async (from) => {
    // From 4 on a case carries the offer its analysis made.
    const caso = await insertCaso(t.database.db, {
      idEstado: from,
      ...(from >= ESTADO.OFRECIMIENTO ? { valorOfertado: '250000.00' } : {}),
    });
    const before = await historyOf(caso.id);
    const response = await transition.call(caso.id);
    const target = transition.target(from);
    if (target === undefined) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: transition.refusal });
      expect((await casoRow(caso.id)).id_estado).toBe(from);
      expect(await historyOf(caso.id)).toEqual(before);
      return;
    }
    expect(response.statusCode).toBe(200);
    const accepted = transition.name === 'avanza' && from === ESTADO.OFRECIMIENTO ? { valor_acordado: '250000.00' } : {};
    expect(response.json()).toEqual({ message: transition.message(from), id_estado: target, ...accepted });
    expect((await casoRow(caso.id)).id_estado).toBe(target);
    // Exactly one history row per transition, in the same transaction.
    expect(await historyOf(caso.id)).toHaveLength(before.length + 1);
  });
});

describe('transition rules', () => {
  it('refuses to advance at 2 while an inspection is Coordinada or Licitando', async () => {
    for (const estado of ['Coordinada', 'Licitando'] as const) {
      const caso = await insertCaso(t.database.db, { idEstado: ESTADO.INSPECCION });
      await addInspeccion(caso.id, estado);
      const response = await patch(`/api/casos/avanza/${caso.id}`);
      expect(response.statusCode, estado).toBe(409);
      expect(response.json().message).toBe(CICLO_MESSAGES.pendingInspection);
      expect((await casoRow(caso.id)).id_estado).toBe(ESTADO.INSPECCION);
    }
    const finalizada = await insertCaso(t.database.db, { idEstado: ESTADO.INSPECCION });
    await addInspeccion(finalizada.id, 'Finalizada');
    expect((await patch(`/api/casos/avanza/${finalizada.id}`)).json()).toEqual({
      message: CICLO_MESSAGES.advanced,
      id_estado: ESTADO.ANALISIS,
    });
    expect((await historyOf(finalizada.id)).at(-1)).toBe(CICLO_MESSAGES.history.advanced('Análisis'));
  });

  it('returns 3 → 2 only when the case has no inspection', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    await addInspeccion(caso.id, 'Finalizada');
    const refused = await patch(`/api/casos/return/${caso.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CICLO_MESSAGES.cannotReturn);
    expect((await casoRow(caso.id)).id_estado).toBe(ESTADO.ANALISIS);
  });

  it('close sets fecha_cierre and remembers the status; reopen returns to it and clears fecha_cierre', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO });
    const closed = await patch(`/api/casos/cerrar/t/${caso.id}`, { id_estado: 17 });
    expect(closed.json()).toEqual({ message: CICLO_MESSAGES.closed, id_estado: 17 });
    expect(await casoRow(caso.id)).toMatchObject({ id_estado: 17, id_estado_previo: ESTADO.CONVENIO, fecha_cierre: HOY });
    // No reason typed: the history names the closing reason.
    expect((await historyOf(caso.id)).at(-1)).toBe(CICLO_MESSAGES.history.closed('Cerrado con Acuerdo'));

    const reopened = await patch(`/api/casos/reabrir/${caso.id}`);
    expect(reopened.json()).toEqual({ message: CICLO_MESSAGES.reopened, id_estado: ESTADO.CONVENIO });
    expect(await casoRow(caso.id)).toMatchObject({ id_estado: ESTADO.CONVENIO, id_estado_previo: null, fecha_cierre: null });
  });

  it('finishing 7 → 8 also closes, and reopening returns to 7', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.A_FINALIZAR });
    expect((await patch(`/api/casos/avanza/${caso.id}`)).json().id_estado).toBe(ESTADO.FINALIZADO);
    expect(await casoRow(caso.id)).toMatchObject({
      id_estado: ESTADO.FINALIZADO,
      id_estado_previo: ESTADO.A_FINALIZAR,
      fecha_cierre: HOY,
    });
    expect((await patch(`/api/casos/reabrir/${caso.id}`)).json().id_estado).toBe(ESTADO.A_FINALIZAR);
    expect((await casoRow(caso.id)).fecha_cierre).toBeNull();
  });

  it('closes with each of the 11 reasons and refuses any other status', async () => {
    for (const reason of CLOSING_REASONS) {
      const caso = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO });
      expect((await patch(`/api/casos/cerrar/t/${caso.id}`, { id_estado: reason.id })).json().id_estado).toBe(reason.id);
    }
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO });
    for (const idEstado of [1, 7, 8, 20, 'x']) {
      expect((await patch(`/api/casos/cerrar/t/${caso.id}`, { id_estado: idEstado })).statusCode, String(idEstado)).toBe(400);
    }
    expect((await casoRow(caso.id)).id_estado).toBe(ESTADO.OFRECIMIENTO);
  });

  it("'Cerrar sin Acuerdo' at 4 closes with status 9 and its message", async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO });
    const response = await patch(`/api/casos/cerrar/t/${caso.id}`, {
      id_estado: ESTADO.SIN_ACUERDO,
      msg: ANALISIS_MESSAGES.sinAcuerdo,
      usuario: 'x',
      fecha: '2026-10-10',
    });
    expect(response.json()).toEqual({ message: CICLO_MESSAGES.closed, id_estado: ESTADO.SIN_ACUERDO });
    expect(await historyOf(caso.id)).toEqual(['Alta caso', CICLO_MESSAGES.history.closed(ANALISIS_MESSAGES.sinAcuerdo)]);
  });

  it('reinspecting at 3-7 goes back to 2 and keeps earlier inspections', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO });
    await addInspeccion(caso.id, 'Finalizada');
    expect((await patch(`/api/casos/reinspeccionar/${caso.id}`)).json()).toEqual({
      message: CICLO_MESSAGES.reinspected,
      id_estado: ESTADO.INSPECCION,
    });
    expect(await t.database.db.select().from(inspecciones).where(eq(inspecciones.id_caso, caso.id))).toHaveLength(1);
    expect((await historyOf(caso.id)).at(-1)).toBe(CICLO_MESSAGES.history.reinspected);
  });

  it('analysis at 3 stores responsibility, offer and detail, moves to 4 with its history row', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    await patch(`/api/casos/analisis/${caso.id}`, {
      id_responsabilidad: String(idResponsabilidad),
      valor_ofertado: '1250000.5',
      analisis: 'Culpa concurrente',
    });
    expect(await casoRow(caso.id)).toMatchObject({
      id_estado: ESTADO.OFRECIMIENTO,
      id_responsabilidad: idResponsabilidad,
      valor_ofertado: '1250000.50',
      analisis: 'Culpa concurrente',
    });
    expect(await historyOf(caso.id)).toEqual(['Alta caso', ANALISIS_MESSAGES.history]);
  });

  it('analysis answers the three validation messages of spec §5', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    const empty = await patch(`/api/casos/analisis/${caso.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(
      empty
        .json()
        .errors.map((error: { message: string }) => error.message)
        .sort(),
    ).toEqual([ANALISIS_MESSAGES.responsabilidad, ANALISIS_MESSAGES.valor, ANALISIS_MESSAGES.detalle].sort());
    const blanks = await patch(`/api/casos/analisis/${caso.id}`, { id_responsabilidad: '', valor_ofertado: '', analisis: '   ' });
    expect(
      blanks
        .json()
        .errors.map((error: { message: string }) => error.message)
        .sort(),
    ).toEqual([ANALISIS_MESSAGES.responsabilidad, ANALISIS_MESSAGES.valor, ANALISIS_MESSAGES.detalle].sort());
    const decimals = await patch(`/api/casos/analisis/${caso.id}`, {
      id_responsabilidad: idResponsabilidad,
      valor_ofertado: '10.555',
      analisis: 'x',
    });
    expect(decimals.json().errors).toEqual([{ path: 'valor_ofertado', message: MSG_TWO_DECIMALS }]);
    expect((await casoRow(caso.id)).id_estado).toBe(ESTADO.ANALISIS);
  });

  it('analysis with a responsibility that does not exist is refused, not a server error', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.ANALISIS });
    const response = await patch(`/api/casos/analisis/${caso.id}`, { id_responsabilidad: 999_999, valor_ofertado: '100', analisis: 'x' });
    expect(response.statusCode).toBe(422);
    expect((await casoRow(caso.id)).id_estado).toBe(ESTADO.ANALISIS);
    expect(await historyOf(caso.id)).toEqual(['Alta caso']);
  });

  it('reconsidering at 4 changes the offer with a RECONSIDERACION history row', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '300000.00' });
    const response = await patch(`/api/casos/reconsiderar/${caso.id}`, { valor_ofertado: '420000.75', msg: 'Nuevo presupuesto de chapa' });
    expect(response.json()).toEqual({ message: ANALISIS_MESSAGES.reconsidered, id_estado: ESTADO.OFRECIMIENTO });
    expect((await casoRow(caso.id)).valor_ofertado).toBe('420000.75');
    const last = (await historyOf(caso.id)).at(-1)!;
    expect(last.startsWith(ANALISIS_MESSAGES.reconsiderPrefix)).toBe(true);
    expect(last).toContain('Nuevo presupuesto de chapa');
    expect((await patch(`/api/casos/reconsiderar/${caso.id}`, { valor_ofertado: '1' })).statusCode).toBe(400);
  });

  it('lets exactly one of two simultaneous advances through', async () => {
    // From 7 the second advance, serialized behind the first by the row lock, finds the case
    // already finished; without the lock both would read 7 and both succeed.
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.A_FINALIZAR });
    const responses = await Promise.all([patch(`/api/casos/avanza/${caso.id}`), patch(`/api/casos/avanza/${caso.id}`)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await casoRow(caso.id)).id_estado).toBe(ESTADO.FINALIZADO);
    expect(await historyOf(caso.id)).toHaveLength(2);
  });

  it('advances on a request without a body (the spec calls send none)', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.INICIAL });
    const before = await casoRow(caso.id);
    const response = await t.request('user', { method: 'PATCH', url: `/api/casos/avanza/${caso.id}` });
    expect(response.statusCode).toBe(200);
    // Leaving status 1 says the documentation is complete (decision 084), in a new edit version: a
    // form read before cannot save completa_doc back to false (decision 074).
    expect(await casoRow(caso.id)).toMatchObject({ id_estado: ESTADO.INSPECCION, completa_doc: true, version: before.version + 1 });
  });

  it('moves a case only once when two people press the same button at status 4 (the status they saw is sent)', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '300000.00' });
    const press = () => patch(`/api/casos/avanza/${caso.id}`, { id_estado: ESTADO.OFRECIMIENTO });
    const responses = await Promise.all([press(), press()]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json().message).toBe(CICLO_MESSAGES.staleEstado);
    expect((await casoRow(caso.id)).id_estado).toBe(ESTADO.CONVENIO);
    expect(await historyOf(caso.id)).toHaveLength(2);
  });

  it('sets an explicit status with PATCH /casos/estado/:id', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO });
    expect((await patch(`/api/casos/estado/${caso.id}`, { id_estado: 14 })).json()).toEqual({
      message: CICLO_MESSAGES.statusUpdated,
      id_estado: 14,
    });
    expect(await casoRow(caso.id)).toMatchObject({ id_estado: 14, id_estado_previo: ESTADO.CONVENIO, fecha_cierre: HOY });
    expect((await patch(`/api/casos/estado/${caso.id}`, { id_estado: 3 })).json().id_estado).toBe(3);
    expect(await casoRow(caso.id)).toMatchObject({ id_estado: 3, fecha_cierre: null });
    expect(await historyOf(caso.id)).toHaveLength(3);
    expect((await patch(`/api/casos/estado/${caso.id}`, { id_estado: 20 })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown case and 403 to an Inspector', async () => {
    for (const url of [
      '/api/casos/avanza/999999',
      '/api/casos/reabrir/999999',
      '/api/casos/reinspeccionar/999999',
      '/api/casos/return/999999',
    ]) {
      const response = await patch(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(CASO_MESSAGES.notFound);
    }
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.INICIAL });
    expect((await t.request('inspector', { method: 'PATCH', url: `/api/casos/avanza/${caso.id}`, payload: {} })).statusCode).toBe(403);
    expect((await casoRow(caso.id)).id_estado).toBe(ESTADO.INICIAL);
  });
});

describe("'Acepta Ofreciemiento' fixes the agreed amount", () => {
  const accept = (id: number, payload: Record<string, unknown> = {}) => patch(`/api/casos/avanza/${id}`, payload);

  it('takes the offered value, or the amount the person edited, and writes it in the history', async () => {
    const ofrecido = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '1291478.36' });
    const response = await accept(ofrecido.id);
    expect(response.json()).toEqual({ message: CICLO_MESSAGES.advanced, id_estado: ESTADO.CONVENIO, valor_acordado: '1291478.36' });
    expect((await casoRow(ofrecido.id)).valor_acordado).toBe('1291478.36');
    expect((await historyOf(ofrecido.id)).at(-1)).toBe(CICLO_MESSAGES.history.accepted('Convenio', formatPesos('1291478.36')));

    const editado = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '300000.00' });
    expect((await accept(editado.id, { id_estado: ESTADO.OFRECIMIENTO, valor_acordado: '285000.5' })).statusCode).toBe(200);
    expect((await casoRow(editado.id)).valor_acordado).toBe('285000.50');
  });

  it('keeps an agreed amount the case already has', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '300000.00', valorAcordado: '290000.00' });
    expect((await accept(caso.id)).json().valor_acordado).toBe('290000.00');
  });

  it('refuses without an offer, an agreed amount at another status, and an amount with three decimals; nothing changes', async () => {
    const sinOferta = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO });
    const none = await accept(sinOferta.id);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(CONVENIO_MESSAGES.noOffer);
    expect((await casoRow(sinOferta.id)).id_estado).toBe(ESTADO.OFRECIMIENTO);

    const enAnalisis = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO, valorOfertado: '1000.00' });
    const elsewhere = await accept(enAnalisis.id, { valor_acordado: '900' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toBe(CICLO_MESSAGES.acordadoOnlyOnAccept);
    expect((await casoRow(enAnalisis.id)).id_estado).toBe(ESTADO.CONVENIO);

    const caso = await insertCaso(t.database.db, { idEstado: ESTADO.OFRECIMIENTO, valorOfertado: '1000.00' });
    expect((await accept(caso.id, { valor_acordado: '1000.005' })).statusCode).toBe(400);
    expect((await casoRow(caso.id)).valor_acordado).toBeNull();
  });
});
