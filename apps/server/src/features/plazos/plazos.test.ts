import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AUDIT_ACTION,
  FERIADOS_AR,
  PLAZO_MESSAGES,
  addDaysIso,
  todayIso,
  vencimientoPlazo,
  type CasoPlazo,
  type PlazoEstados,
} from '@siniestros/domain';
import { USERNAMES, useTestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';

const t = useTestApp();

const today = todayIso();
const clocks = async (idCaso: number) =>
  (await t.request('user', { method: 'GET', url: `/api/plazos/caso/${idCaso}` })).json() as CasoPlazo[];
const filtro = async (plazo: string) =>
  (
    (await t.request('user', { method: 'POST', url: '/api/casos/filtro?pageSize=100&exactCount=1', payload: { plazo } })).json() as {
      cases: { id: number }[];
    }
  ).cases.map((caso) => caso.id);
/** A case that left Pendiente Documentación `daysAgo` days ago (the trigger starts art. 56 then). */
async function documentacionCompletaHace(daysAgo: number) {
  const caso = await insertCaso(t.database.db);
  await t.database.db.execute(sql`update casos set id_estado = 2, fecha_estado = ${addDaysIso(today, -daysAgo)} where id = ${caso.id}`);
  return caso.id;
}

describe('the rules', () => {
  it('are seeded with their legal source and listed to staff', async () => {
    const reglas = (await t.request('user', { method: 'GET', url: '/api/plazos' })).json();
    expect(
      reglas.map((regla: { codigo: string; cantidad: number; unidad: string }) => `${regla.codigo} ${regla.cantidad} ${regla.unidad}`),
    ).toEqual(['prescripcion 3 anios', 'pronunciamiento 30 dias_corridos', 'pago 15 dias_corridos', 'audiencia 0 dias_corridos']);
    expect(reglas[0].fuente).toContain('art. 2561');
    expect((await t.request('inspector', { method: 'GET', url: '/api/plazos' })).statusCode).toBe(403);
  });

  it('are changed by an Admin only, validated in Spanish and audited', async () => {
    const payload = { nombre: 'Pago del valor acordado', cantidad: 10, unidad: 'dias_habiles', aviso_dias: 3, activo: true };
    expect((await t.request('user', { method: 'PATCH', url: '/api/plazos/pago', payload })).statusCode).toBe(403);
    const saved = await t.request('admin', { method: 'PATCH', url: '/api/plazos/pago', payload });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: PLAZO_MESSAGES.updated, cantidad: 10, unidad: 'dias_habiles', aviso_dias: 3 });
    const [audit] = await t.rows(
      sql`select actor, action, detail, changes from audit_log where action = ${AUDIT_ACTION.plazoUpdated} order by id desc limit 1`,
    );
    expect(audit).toMatchObject({
      actor: USERNAMES.admin,
      detail: 'pago',
      changes: { cantidad: [15, 10], unidad: ['dias_corridos', 'dias_habiles'], aviso_dias: [5, 3] },
    });
    const bad = await t.request('admin', {
      method: 'PATCH',
      url: '/api/plazos/pago',
      payload: { nombre: '', cantidad: 5000, unidad: 'meses', aviso_dias: -1, activo: 'si' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { message: string }) => error.message)).toEqual([
      PLAZO_MESSAGES.nombreRequired,
      PLAZO_MESSAGES.cantidad,
      PLAZO_MESSAGES.unidad,
      PLAZO_MESSAGES.aviso,
      PLAZO_MESSAGES.activo,
    ]);
    expect((await t.request('admin', { method: 'PATCH', url: '/api/plazos/no_existe', payload })).statusCode).toBe(404);
    await t.request('admin', {
      method: 'PATCH',
      url: '/api/plazos/pago',
      payload: { ...payload, cantidad: 15, unidad: 'dias_corridos', aviso_dias: 5 },
    });
  });
});

describe("a case's clocks", () => {
  it('starts prescription at the loss date and art. 56 when the case leaves Pendiente Documentación; red once past', async () => {
    const idCaso = await documentacionCompletaHace(40);
    const list = await clocks(idCaso);
    expect(list.map((clock) => [clock.codigo, clock.vence, clock.estado])).toEqual([
      ['pronunciamiento', addDaysIso(today, -10), 'vencido'],
      ['prescripcion', '2029-10-01', 'en_plazo'],
    ]);
    expect(list[0]!.dias).toBe(-10);
    const estados = (
      await t.request('user', { method: 'POST', url: '/api/plazos/estados', payload: { ids: [idCaso] } })
    ).json() as PlazoEstados;
    expect(estados).toEqual({ [idCaso]: 'vencido' });
  });

  it('stops art. 56 at the offer, starts art. 49 at Convenio, stops all at closing and restarts at reopening', async () => {
    const idCaso = await documentacionCompletaHace(10);
    await t.database.db.execute(sql`update casos set id_estado = 4, fecha_estado = ${today} where id = ${idCaso}`);
    expect((await clocks(idCaso)).map((clock) => clock.codigo)).toEqual(['prescripcion']);
    await t.database.db.execute(sql`update casos set id_estado = 5, fecha_estado = ${addDaysIso(today, -12)} where id = ${idCaso}`);
    expect((await clocks(idCaso)).map((clock) => [clock.codigo, clock.estado])).toEqual([
      ['pago', 'por_vencer'],
      ['prescripcion', 'en_plazo'],
    ]);
    await t.database.db.execute(sql`update casos set id_estado = 9, fecha_estado = ${today} where id = ${idCaso}`);
    expect(await clocks(idCaso)).toEqual([]);
    await t.database.db.execute(sql`update casos set id_estado = 5, fecha_estado = ${today} where id = ${idCaso}`);
    expect((await clocks(idCaso)).map((clock) => clock.codigo)).toEqual(['pago', 'prescripcion']);
  });

  it('counts to the latest hearing, which is done (not late) once past', async () => {
    const caso = await insertCaso(t.database.db);
    await t.request('user', {
      method: 'POST',
      url: `/api/mediacion/${caso.id}`,
      payload: { fechah: addDaysIso(today, 2), hora: '10:00', lugar: 'Centro' },
    });
    const [audiencia] = (await clocks(caso.id)).filter((clock) => clock.codigo === 'audiencia');
    expect(audiencia).toMatchObject({ vence: addDaysIso(today, 2), dias: 2, estado: 'por_vencer' });
    await t.database.db.execute(sql`update audiencias set fechah = ${addDaysIso(today, -1)} where id_caso = ${caso.id}`);
    expect((await clocks(caso.id)).find((clock) => clock.codigo === 'audiencia')).toMatchObject({ estado: 'realizada' });
  });
});

describe("correcting a clock's start", () => {
  it('moves the day documentation was complete, with history and audit; refuses the future and other events', async () => {
    const idCaso = await documentacionCompletaHace(0);
    const moved = await t.request('user', {
      method: 'PATCH',
      url: `/api/plazos/caso/${idCaso}`,
      payload: { evento: 'documentacion_completa', desde: addDaysIso(today, -35) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as CasoPlazo[]).find((clock) => clock.codigo === 'pronunciamiento')).toMatchObject({
      estado: 'vencido',
      dias: -5,
    });
    const history = (await t.request('user', { method: 'GET', url: `/api/historial/${idCaso}` })).json() as { msg: string }[];
    expect(history[0]!.msg).toMatch(/^Se corrige el inicio del plazo \(Documentación completa/);
    const [audit] = await t.rows(
      sql`select detail, changes from audit_log where action = ${AUDIT_ACTION.plazoUpdated} and entity_id = ${idCaso}`,
    );
    expect(audit).toMatchObject({ detail: 'documentacion_completa', changes: { desde: [today, addDaysIso(today, -35)] } });
    const future = await t.request('user', {
      method: 'PATCH',
      url: `/api/plazos/caso/${idCaso}`,
      payload: { evento: 'documentacion_completa', desde: addDaysIso(today, 1) },
    });
    expect([future.statusCode, future.json().message]).toEqual([422, PLAZO_MESSAGES.inicioFuturo]);
    const siniestro = await t.request('user', {
      method: 'PATCH',
      url: `/api/plazos/caso/${idCaso}`,
      payload: { evento: 'siniestro', desde: today },
    });
    expect([siniestro.statusCode, siniestro.json().errors[0].message]).toEqual([400, PLAZO_MESSAGES.eventoCorregible]);
    const none = await t.request('user', {
      method: 'PATCH',
      url: `/api/plazos/caso/${idCaso}`,
      payload: { evento: 'valor_acordado', desde: today },
    });
    expect([none.statusCode, none.json().message]).toEqual([404, PLAZO_MESSAGES.sinPlazo]);
    expect(
      (
        await t.request('inspector', {
          method: 'PATCH',
          url: `/api/plazos/caso/${idCaso}`,
          payload: { evento: 'valor_acordado', desde: today },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("the case list's filter 'Plazo'", () => {
  it('finds the cases whose clock is vencido or por vencer, from the rules in force', async () => {
    const vencido = await documentacionCompletaHace(31);
    const porVencer = await documentacionCompletaHace(25);
    const enPlazo = await documentacionCompletaHace(5);
    const vencidos = await filtro('vencido');
    const porVencerList = await filtro('por_vencer');
    expect(vencidos).toContain(vencido);
    expect(vencidos).not.toContain(porVencer);
    expect(vencidos).not.toContain(enPlazo);
    expect(porVencerList).toContain(porVencer);
    expect(porVencerList).not.toContain(vencido);
    expect(porVencerList).not.toContain(enPlazo);
    // A rule made inactive counts no more.
    const payload = { nombre: 'Pronunciamiento del asegurador', cantidad: 30, unidad: 'dias_corridos', aviso_dias: 7 };
    await t.request('admin', { method: 'PATCH', url: '/api/plazos/pronunciamiento', payload: { ...payload, activo: false } });
    expect(await filtro('vencido')).not.toContain(vencido);
    await t.request('admin', { method: 'PATCH', url: '/api/plazos/pronunciamiento', payload: { ...payload, activo: true } });
    const bad = await t.request('user', { method: 'POST', url: '/api/casos/filtro', payload: { plazo: 'pronto' } });
    expect([bad.statusCode, bad.json().errors[0].message]).toEqual([400, 'Plazo invalido']);
  });

  it('computes in SQL what the domain computes, on the same holidays', async () => {
    const holidays = await t.rows(sql`select to_char(fecha, 'YYYY-MM-DD') as fecha from feriados order by fecha`);
    expect(holidays.map((row) => row.fecha)).toEqual(FERIADOS_AR.map(([date]) => date));
    for (const [desde, cantidad, unidad] of [
      ['2026-12-01', 15, 'dias_habiles'],
      ['2026-03-20', 2, 'dias_habiles'],
      ['2024-02-29', 3, 'anios'],
      ['2026-11-02', 30, 'dias_corridos'],
    ] as const) {
      const [row] = await t.rows(sql`select to_char(plazo_vence(${desde}::date, ${cantidad}, ${unidad}), 'YYYY-MM-DD') as vence`);
      expect(row!.vence, `${desde} + ${cantidad} ${unidad}`).toBe(vencimientoPlazo(desde, { cantidad, unidad }));
    }
  });
});

describe("the stored cases of the filter 'Plazo' (decision 057)", () => {
  const stored = async () =>
    (await t.rows<{ plazo: string; id_caso: number }>(sql`select plazo, id_caso from caso_plazo_estados order by plazo, id_caso`)).map(
      (row) => `${row.plazo} ${row.id_caso}`,
    );
  /** The same set computed from the clocks and the rules in force, as the list does when the stored one is stale. */
  const fromClocks = async () =>
    (
      await t.rows<{ plazo: string; id_caso: number }>(sql`select distinct r.plazo, cp.id_caso from plazo_cortes((now() at time zone 'America/Argentina/Buenos_Aires')::date) r
        join caso_plazos cp on cp.evento = r.evento and cp.hasta is null and cp.desde > r.desde_min and cp.desde <= r.desde_max
        order by r.plazo, cp.id_caso`)
    ).map((row) => `${row.plazo} ${row.id_caso}`);
  const alDia = async () => (await t.rows<{ dia: string | null }>(sql`select to_char(dia, 'YYYY-MM-DD') as dia from caso_plazo_estados_dia`))[0]!.dia === today;
  const refill = () => t.rows(sql`select caso_plazo_estados_refrescar()`);
  const patch = (url: string, payload: object) => t.request('user', { method: 'PATCH', url, payload });

  it('are what the clocks give after every kind of write, and the list reads them with the same result', async () => {
    await refill();
    expect(await alDia()).toBe(true);
    expect(await stored()).toEqual(await fromClocks());

    const vencido = await documentacionCompletaHace(31);
    const porVencer = await documentacionCompletaHace(26);
    const prescripto = (await insertCaso(t.database.db)).id;
    await t.database.db.execute(sql`update casos set fecha_siniestro = ${addDaysIso(today, -4 * 365)} where id = ${prescripto}`);
    const conAudiencia = (await insertCaso(t.database.db)).id;
    const audiencia = await t.request('user', {
      method: 'POST',
      url: `/api/mediacion/${conAudiencia}`,
      payload: { fechah: addDaysIso(today, 1), hora: '10:00', lugar: 'Centro' },
    });
    expect(audiencia.statusCode, audiencia.body).toBe(201);
    const corregido = await documentacionCompletaHace(0);
    expect((await patch(`/api/plazos/caso/${corregido}`, { evento: 'documentacion_completa', desde: addDaysIso(today, -40) })).statusCode).toBe(200);

    const now = await stored();
    expect(now).toEqual(await fromClocks());
    for (const entry of [`vencido ${vencido}`, `por_vencer ${porVencer}`, `vencido ${prescripto}`, `por_vencer ${conAudiencia}`, `vencido ${corregido}`]) {
      expect(now).toContain(entry);
    }

    // Closing stops every clock; reopening starts again those that apply.
    const closed = await patch(`/api/casos/cerrar/t/${prescripto}`, { id_estado: 13, usuario: 'x', msg: 'Tercero Responsable', fecha: today });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await stored()).not.toContain(`vencido ${prescripto}`);
    expect((await patch(`/api/casos/reabrir/${prescripto}`, { usuario: 'x' })).statusCode).toBe(200);
    expect(await stored()).toContain(`vencido ${prescripto}`);
    await t.database.db.execute(sql`delete from audiencias where id_caso = ${conAudiencia}`);
    expect(await stored()).not.toContain(`por_vencer ${conAudiencia}`);
    expect(await stored()).toEqual(await fromClocks());

    // The list gives the same pages and totals from the stored cases as from the clocks: alone,
    // with another filter, and a later page (read from the oldest end once the total is known).
    const pages = async () => {
      const results = [];
      for (const [payload, query] of [
        [{ plazo: 'vencido' }, 'pageSize=100&exactCount=1'],
        [{ plazo: 'por_vencer' }, 'pageSize=100'],
        [{ plazo: 'vencido', estado: '2' }, 'pageSize=100'],
        [{ plazo: 'vencido' }, 'pageSize=2&page=2&exactCount=1'],
        [{ plazo: 'vencido' }, 'pageSize=1&page=3&exactCount=1'],
        // The filter alone past page 1 without a total: its named statement with the offset a parameter.
        [{ plazo: 'vencido' }, 'pageSize=1&page=2'],
        [{ plazo: 'por_vencer' }, 'pageSize=1&page=2'],
      ] as const) {
        const body = (await t.request('user', { method: 'POST', url: `/api/casos/filtro?${query}`, payload })).json();
        results.push({ ids: body.cases.map((caso: { id: number }) => caso.id), total: body.totalRows });
      }
      return results;
    };
    expect(await alDia()).toBe(true);
    const fromStored = await pages();
    await t.database.db.execute(sql`update caso_plazo_estados_dia set dia = null`);
    expect(await pages()).toEqual(fromStored);
    expect(fromStored[0]!.ids).toContain(prescripto);
    expect(fromStored[2]!.ids).toContain(vencido);
    expect(fromStored[2]!.ids).not.toContain(prescripto);
    expect(fromStored[3]!.ids).toHaveLength(2);
    expect(fromStored[5]!.ids).toEqual(fromStored[0]!.ids.slice(1, 2));
  });

  it('go stale when a rule or a holiday changes, the list computing from the clocks until they are filled again', async () => {
    const porVencer = await documentacionCompletaHace(26);
    await refill();
    expect(await stored()).toContain(`por_vencer ${porVencer}`);
    const payload = { nombre: 'Pronunciamiento del asegurador', cantidad: 20, unidad: 'dias_corridos', aviso_dias: 7, activo: true };
    expect((await t.request('admin', { method: 'PATCH', url: '/api/plazos/pronunciamiento', payload })).statusCode).toBe(200);
    expect(await alDia()).toBe(false);
    // Stale: the list follows the new rule at once (26 days > 20: red).
    expect(await filtro('vencido')).toContain(porVencer);
    await refill();
    expect(await alDia()).toBe(true);
    expect(await stored()).toContain(`vencido ${porVencer}`);
    expect(await stored()).toEqual(await fromClocks());
    expect(await filtro('vencido')).toContain(porVencer);
    await t.request('admin', { method: 'PATCH', url: '/api/plazos/pronunciamiento', payload: { ...payload, cantidad: 30 } });
    await refill();

    await t.database.db.execute(sql`insert into feriados (fecha, nombre) values ('2031-01-02', 'Feriado de prueba')`);
    expect(await alDia()).toBe(false);
    await t.database.db.execute(sql`delete from feriados where fecha = '2031-01-02'`);
    await refill();
    expect(await alDia()).toBe(true);
  });

  it('stay exact when a refill runs among concurrent writes', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, index) => documentacionCompletaHace(20 + index * 3)));
    await t.database.db.execute(sql`update caso_plazo_estados_dia set dia = null`);
    await Promise.all([
      refill(),
      ...ids.map((id, index) =>
        index % 2 === 0
          ? patch(`/api/casos/cerrar/t/${id}`, { id_estado: 13, usuario: 'x', msg: 'Tercero Responsable', fecha: today })
          : patch(`/api/plazos/caso/${id}`, { evento: 'documentacion_completa', desde: addDaysIso(today, -45) }),
      ),
      refill(),
    ]);
    expect(await stored()).toEqual(await fromClocks());
    expect(await alDia()).toBe(true);
  });
});
