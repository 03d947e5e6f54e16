import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDaysIso, CASO_MESSAGES, finDeMes, informeEtapaDeEstado, INFORME_ETAPAS, mesesEntre, type Informe } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { clockAt } from '../../../test/clock';
import { mesAnterior } from './informes.service';

/**
 * The informe de gestión against the raw tables: a few dozen cases live seeded lives (status
 * changes on known days, inspections, amounts, payments, clocks), then every figure of the report
 * is computed again by plain SQL from casos, audit_log (the status history), inspecciones, pagos
 * and caso_plazos, and compared with what the rollup gave (docs/decisions/093, 094).
 */
let t: TestApp;
const HOY = '2026-11-18';
const companias: number[] = [];

/** A deterministic pseudo-random sequence (the same lives on every run). */
function lcg(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

beforeAll(async () => {
  t = await createTestApp({}, { now: clockAt(HOY) });
  const exec = (query: ReturnType<typeof sql>) => t.rows<{ id: number }>(query);
  for (const nombre of ['Informe Seguros A', 'Informe Seguros B'])
    companias.push((await exec(sql`insert into companias (nombre) values (${nombre}) returning id`))[0]!.id);
  const analistas = (
    await exec(sql`insert into analistas (nombre, apellido) values ('Ana', 'Alvarez'), ('Beto', 'Zárate') returning id`)
  ).map((row) => row.id);
  const inspectores = [t.ids.inspectorRecord, t.ids.inspector2Record];
  const random = lcg(46);
  // Each case walks its statuses a few days apart, from F Alta between June and November, and stops somewhere.
  const camino = [2, 3, 4, 5, 6, 7];
  for (let index = 0; index < 70; index++) {
    const idCompania = companias[index % 2]!;
    let fecha = addDaysIso('2026-06-01', random(165));
    const analista = random(3) === 0 ? null : analistas[random(2)]!;
    const [asegurado] = await exec(sql`insert into asegurados (apellido) values ('Informe') returning id`);
    const [caso] = await exec(sql`
      insert into casos (id_compania, reclamo_nro, gestor, fecha_creado, fecha_siniestro, usuario, id_estado, fecha_estado, id_asegurado, id_analista)
      values (${idCompania}, ${String(700000 + index)}, 'Gestor', ${fecha}, ${addDaysIso(fecha, -random(400))}, 'test', 1, ${fecha}, ${asegurado!.id}, ${analista})
      returning id`);
    const id = caso!.id;
    const pasos = random(camino.length + 1);
    let idEstado = 1;
    for (let paso = 0; paso < pasos; paso++) {
      const siguiente = camino[paso]!;
      const nuevaFecha = addDaysIso(fecha, 1 + random(40));
      if (nuevaFecha > HOY) break;
      if (siguiente === 3) {
        await exec(sql`insert into inspecciones (id_caso, id_inspector, fecha_inspeccion, direccion, detalle, estado, monto_inspeccion)
          values (${id}, ${inspectores[random(2)]!}, ${fecha}, 'Calle 1', 'Detalle', 'Finalizada', ${index % 4 === 0 ? null : 100_000 + random(900_000)}) returning id`);
      }
      const extra =
        siguiente === 5 ? sql`, valor_ofertado = ${50_000 + random(900_000)}, valor_acordado = ${40_000 + random(900_000)}` : sql``;
      await exec(sql`update casos set id_estado = ${siguiente}, fecha_estado = ${nuevaFecha} ${extra} where id = ${id} returning id`);
      fecha = nuevaFecha;
      idEstado = siguiente;
    }
    // Some close (into one of the closed statuses), a few of those reopen.
    if (random(3) > 0) {
      const cierre = addDaysIso(fecha, 1 + random(30));
      if (cierre <= HOY) {
        const motivo = 8 + random(12);
        await exec(
          sql`update casos set id_estado = ${motivo}, id_estado_previo = ${idEstado}, fecha_estado = ${cierre}, fecha_cierre = ${cierre} where id = ${id} returning id`,
        );
        const reabre = addDaysIso(cierre, 1 + random(20));
        if (random(5) === 0 && reabre <= HOY) {
          await exec(
            sql`update casos set id_estado = ${idEstado}, fecha_estado = ${reabre}, fecha_cierre = null where id = ${id} returning id`,
          );
        }
      }
    }
    if (idEstado >= 5 && random(2) === 0) {
      const pago = addDaysIso(fecha, random(20));
      await exec(sql`insert into pagos (id_caso, beneficiario, beneficiario_nombre, cbu, monto, fecha_solicitud, estado, fecha_pago, creado_por)
        values (${id}, 'tercero', 'Tercero', '0000003100000000000001', ${10_000 + random(100_000)}, ${pago}, ${pago <= HOY ? 'pagado' : 'ordenado'}, ${pago <= HOY ? pago : null}, 'test') returning id`);
    }
  }
  // One case removed: what it counted for goes with it.
  const [borrado] = await exec(sql`select id from casos where reclamo_nro = '700003'`);
  await exec(sql`delete from casos where id = ${borrado!.id} returning id`);
});
afterAll(() => t?.close());

const get = async (query: string, role: 'admin' | 'user' = 'user') => {
  const response = await t.request(role, { method: 'GET', url: `/api/informes?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Informe;
};
const num = (value: unknown) => Number(value ?? 0);

/** The figures of a company (or all) and a period, computed from the raw tables. */
async function recompute(compania: number | null, desde: string, hasta: string) {
  const d1 = `${desde}-01`;
  const d2 = finDeMes(hasta);
  const de = compania === null ? sql`true` : sql`c.id_compania = ${compania}`;
  const [recibidos] = await t.rows<{ n: number }>(
    sql`select count(*)::int as n from casos c where ${de} and c.fecha_creado between ${d1} and ${d2}`,
  );
  const cerrados = await t.rows<{ id_estado: number; n: number }>(
    sql`select c.id_estado, count(*)::int as n from casos c where ${de} and c.id_estado >= 8 and c.fecha_estado between ${d1} and ${d2} group by 1`,
  );
  // The status history: each case's F Alta in status 1, then every status change the audit log holds, in order
  // (a change on the day of the one before leaves fecha_estado as it was, so unlogged: the latest logged one, else F Alta).
  const historia = sql`
    with t as (
      select c.id as id_caso, c.id_compania, c.id_analista, 0::bigint as ord, c.fecha_creado as fecha, 1 as estado from casos c
      union all
      select a.entity_id, c.id_compania, c.id_analista, a.id,
        coalesce((a.changes->'fecha_estado'->>1)::date, (select (b.changes->'fecha_estado'->>1)::date from audit_log b
          where b.entity = 'caso' and b.entity_id = a.entity_id and b.id < a.id and b.changes ? 'fecha_estado' order by b.id desc limit 1), c.fecha_creado),
        (a.changes->'id_estado'->>1)::int
      from audit_log a join casos c on c.id = a.entity_id where a.entity = 'caso' and a.changes ? 'id_estado'
    )`;
  const estadoAlFin = async (mes: string) =>
    t.rows<{ estado: number; n: number }>(sql`${historia}
      select estado, count(*)::int as n from (
        select distinct on (id_caso) id_caso, estado, id_compania from t where fecha <= ${finDeMes(mes)} order by id_caso, ord desc
      ) c where ${de} group by 1`);
  const etapa = sql.raw(
    `case ${INFORME_ETAPAS.map((item, index) => `when estado in (${item.estados.join(',')}) then ${index + 1}`).join(' ')} else 0 end`,
  );
  const tramos = sql`${historia},
    s as (select *, ${etapa} as etapa from t),
    k as (select *, lag(etapa) over (partition by id_caso order by ord) as antes from s),
    cambios as (select * from k where antes is distinct from etapa),
    tramos as (select id_caso, id_compania, id_analista, etapa, fecha as desde, lead(fecha) over (partition by id_caso order by ord) as hasta from cambios)`;
  const etapas = await t.rows<{ etapa: number; n: number; mediana: number; p90: number }>(sql`${tramos}
    select etapa, count(*)::int as n, percentile_disc(0.5) within group (order by hasta - desde) as mediana,
      percentile_disc(0.9) within group (order by hasta - desde) as p90
    from tramos c where etapa > 0 and hasta between ${d1} and ${d2} and ${de} group by 1`);
  const porAnalista = await t.rows<{ id_analista: number | null; etapa: number; n: number; mediana: number; p90: number }>(sql`${tramos}
    select id_analista, etapa, count(*)::int as n, percentile_disc(0.5) within group (order by hasta - desde) as mediana,
      percentile_disc(0.9) within group (order by hasta - desde) as p90
    from tramos c where etapa > 0 and hasta between ${d1} and ${d2} and ${de} group by 1, 2`);
  const porInspector = await t.rows<{ id_inspector: number; n: number; mediana: number; p90: number }>(sql`${tramos}
    select i.id_inspector, count(*)::int as n, percentile_disc(0.5) within group (order by hasta - desde) as mediana,
      percentile_disc(0.9) within group (order by hasta - desde) as p90
    from tramos c join lateral (select id_inspector from inspecciones where id_caso = c.id_caso order by id desc limit 1) i on true
    where etapa = 2 and hasta between ${d1} and ${d2} and ${de} group by 1`);
  const [montos] = await t.rows<{ n: number; ofrecido: string; acordado: string; inspeccionado: string }>(sql`
    select count(*)::int as n, coalesce(sum(c.valor_ofertado), 0)::text as ofrecido, coalesce(sum(c.valor_acordado), 0)::text as acordado,
      coalesce(sum(i.monto_inspeccion), 0)::text as inspeccionado
    from casos c left join lateral (select monto_inspeccion from inspecciones where id_caso = c.id order by id desc limit 1) i on true
    where ${de} and c.id_estado >= 8 and c.fecha_estado between ${d1} and ${d2} and c.valor_acordado is not null`);
  // Only the cases with an inspected amount: what the ratios to inspeccionado compare.
  const [conInspeccion] = await t.rows<{ n: number; ofrecido: string; acordado: string; inspeccionado: string }>(sql`
    select count(*)::int as n, coalesce(sum(coalesce(c.valor_ofertado, 0)), 0)::text as ofrecido, coalesce(sum(c.valor_acordado), 0)::text as acordado,
      coalesce(sum(i.monto_inspeccion), 0)::text as inspeccionado
    from casos c join lateral (select monto_inspeccion from inspecciones where id_caso = c.id order by id desc limit 1) i on true
    where ${de} and c.id_estado >= 8 and c.fecha_estado between ${d1} and ${d2} and c.valor_acordado is not null and i.monto_inspeccion > 0`);
  const porCaso = await t.rows<{ id: number; ofrecido: string | null; acordado: string; inspeccionado: string | null }>(sql`
    select c.id, c.valor_ofertado::text as ofrecido, c.valor_acordado::text as acordado, i.monto_inspeccion::text as inspeccionado
    from casos c left join lateral (select monto_inspeccion from inspecciones where id_caso = c.id order by id desc limit 1) i on true
    where ${de} and c.id_estado >= 8 and c.fecha_estado between ${d1} and ${d2} and c.valor_acordado is not null
    order by c.fecha_estado desc, c.id`);
  const distribucion = await t.rows<{ tramo: number; n: number }>(sql`
    select width_bucket(c.valor_acordado / i.monto_inspeccion * 100, array[50, 75, 90, 100, 110]::numeric[]) as tramo, count(*)::int as n
    from casos c join lateral (select monto_inspeccion from inspecciones where id_caso = c.id order by id desc limit 1) i on true
    where ${de} and c.id_estado >= 8 and c.fecha_estado between ${d1} and ${d2} and c.valor_acordado is not null and i.monto_inspeccion > 0 group by 1`);
  const [pagos] = await t.rows<{ n: number; total: string; casos: number }>(sql`
    select count(*)::int as n, coalesce(sum(p.monto), 0)::text as total, count(distinct p.id_caso)::int as casos from pagos p join casos c on c.id = p.id_caso
    where ${de} and p.estado = 'pagado' and p.fecha_pago between ${d1} and ${d2}`);
  const [plazos] = await t.rows<{ n: number; casos: number }>(sql`
    select count(*)::int as n, count(distinct cp.id_caso)::int as casos from caso_plazos cp join plazos_legales pl on pl.evento = cp.evento join casos c on c.id = cp.id_caso
    where ${de} and pl.activo and pl.evento <> 'audiencia'
      and plazo_vence(cp.desde, pl.cantidad, pl.unidad) between ${d1} and least(${d2}::date, (now() at time zone 'America/Argentina/Buenos_Aires')::date - 1)
      and (cp.hasta is null or cp.hasta > plazo_vence(cp.desde, pl.cantidad, pl.unidad))`);
  return {
    recibidos: recibidos!.n,
    cerrados,
    estadoAlFin,
    etapas,
    porAnalista,
    porInspector,
    montos: montos!,
    conInspeccion: conInspeccion!,
    porCaso,
    distribucion,
    pagos: pagos!,
    plazos: plazos!.n,
    plazosCasos: plazos!.casos,
  };
}

async function expectMatches(informe: Informe, compania: number | null) {
  const sqlFigures = await recompute(compania, informe.desde, informe.hasta);
  expect(informe.recibidos.total).toBe(sqlFigures.recibidos);
  for (const motivo of informe.cerrados.porMotivo) {
    expect(motivo.total, motivo.motivo).toBe(sqlFigures.cerrados.find((row) => row.id_estado === motivo.id_estado)?.n ?? 0);
  }
  expect(informe.cerrados.total).toBe(sqlFigures.cerrados.reduce((sum, row) => sum + row.n, 0));
  const alFin = await sqlFigures.estadoAlFin(informe.hasta);
  for (const estado of informe.abiertos.porEstado)
    expect(estado.total, estado.estado).toBe(alFin.find((row) => row.estado === estado.id_estado)?.n ?? 0);
  expect(informe.abiertos.total).toBe(alFin.filter((row) => row.estado < 8).reduce((sum, row) => sum + row.n, 0));
  for (const [index, etapa] of informe.etapas.entries()) {
    const row = sqlFigures.etapas.find((item) => item.etapa === index + 1);
    expect({ etapa: etapa.etapa, casos: etapa.casos, mediana: etapa.mediana, p90: etapa.p90 }).toEqual({
      etapa: etapa.etapa,
      casos: row?.n ?? 0,
      mediana: row ? num(row.mediana) : null,
      p90: row ? num(row.p90) : null,
    });
    expect(etapa.distribucion.reduce((sum, tramo) => sum + tramo.total, 0)).toBe(etapa.casos);
  }
  for (const analista of informe.porAnalista) {
    for (const [index, etapa] of analista.etapas.entries()) {
      const row = sqlFigures.porAnalista.find((item) => item.id_analista === analista.id_analista && item.etapa === index + 1);
      expect([analista.analista, etapa.etapa, etapa.casos, etapa.mediana, etapa.p90]).toEqual([
        analista.analista,
        etapa.etapa,
        row?.n ?? 0,
        row ? num(row.mediana) : null,
        row ? num(row.p90) : null,
      ]);
    }
  }
  expect(informe.porAnalista.reduce((sum, item) => sum + item.etapas.reduce((s, etapa) => s + etapa.casos, 0), 0)).toBe(
    sqlFigures.porAnalista.reduce((sum, row) => sum + row.n, 0),
  );
  for (const row of sqlFigures.porInspector) {
    const inspeccion = informe.porInspector
      .find((item) => item.id_inspector === row.id_inspector)!
      .etapas.find((etapa) => etapa.etapa === 'inspeccion')!;
    expect([inspeccion.casos, inspeccion.mediana, inspeccion.p90]).toEqual([row.n, num(row.mediana), num(row.p90)]);
  }
  expect([informe.montos.casos, informe.montos.ofrecido, informe.montos.acordado, informe.montos.inspeccionado]).toEqual([
    sqlFigures.montos.n,
    num(sqlFigures.montos.ofrecido),
    num(sqlFigures.montos.acordado),
    num(sqlFigures.montos.inspeccionado),
  ]);
  const con = sqlFigures.conInspeccion;
  expect(informe.montos.conInspeccion).toEqual({
    casos: con.n,
    ofrecido: num(con.ofrecido),
    acordado: num(con.acordado),
    inspeccionado: num(con.inspeccionado),
  });
  const cociente = (a: string, b: string) => (num(b) === 0 ? null : Math.round((num(a) / num(b)) * 10_000) / 10_000);
  expect(informe.montos.ratios).toEqual({
    acordadoOfrecido: cociente(sqlFigures.montos.acordado, sqlFigures.montos.ofrecido),
    acordadoInspeccionado: cociente(con.acordado, con.inspeccionado),
    ofrecidoInspeccionado: cociente(con.ofrecido, con.inspeccionado),
  });
  // Each case of the amounts, the latest closed first (fewer than 500 here: all of them).
  expect(informe.montos.porCaso).toEqual(
    sqlFigures.porCaso.map((row) => ({
      id: row.id,
      ofrecido: row.ofrecido === null ? null : num(row.ofrecido),
      acordado: num(row.acordado),
      inspeccionado: row.inspeccionado === null ? null : num(row.inspeccionado),
    })),
  );
  expect(informe.montos.porCaso).toHaveLength(informe.montos.casos);
  expect(informe.montos.distribucion.map((tramo) => tramo.total)).toEqual(
    [0, 1, 2, 3, 4, 5].map((index) => sqlFigures.distribucion.find((row) => row.tramo === index)?.n ?? 0),
  );
  expect([informe.pagos.cantidad, informe.pagos.total]).toEqual([sqlFigures.pagos.n, num(sqlFigures.pagos.total)]);
  expect(informe.plazosVencidos.total).toBe(sqlFigures.plazos);
  expect([informe.pagos.casos, informe.plazosVencidos.casos]).toEqual([sqlFigures.pagos.casos, sqlFigures.plazosCasos]);
}

/** How many cases the case list finds for a figure's filter. */
async function listaDe(filtro: Record<string, string>): Promise<number> {
  const list = await t.request('user', { method: 'POST', url: '/api/casos/filtro?page=1&pageSize=20', payload: filtro });
  expect(list.statusCode, list.body).toBe(200);
  return (list.json() as { totalRows: number }).totalRows;
}

describe('GET /api/informes', () => {
  it('a company and a past month: every figure equals the raw tables recomputed by SQL', async () => {
    const informe = await get(`compania=${companias[0]}&desde=2026-09`);
    expect(informe.compania).toEqual({ id: companias[0], nombre: 'Informe Seguros A' });
    expect([informe.fechaDesde, informe.fechaHasta, informe.abiertos.al]).toEqual(['2026-09-01', '2026-09-30', '2026-09-30']);
    expect(informe.recibidos.total).toBeGreaterThan(0);
    expect(informe.etapas.some((etapa) => etapa.casos > 0)).toBe(true);
    await expectMatches(informe, companias[0]!);
    // Past months: the open cases then open the list of the cases open that day (abiertoAl, drizzle/0055).
    expect(informe.abiertos.filtro).toEqual({ compania: String(companias[0]), abiertoAl: '2026-09-30' });
    expect(informe.recibidos.filtro).toEqual({ compania: String(companias[0]), fechaDesde: '2026-09-01', fechaHasta: '2026-09-30' });
  });

  it('every company and a range up to the running month: the figures, the 12-month trend and the open cases counted today', async () => {
    const informe = await get('desde=2026-07&hasta=2026-11', 'admin');
    expect(informe.compania).toBeNull();
    expect(informe.abiertos.al).toBe(HOY);
    await expectMatches(informe, null);
    expect(informe.tendencia.map((mes) => mes.mes)).toEqual(mesesEntre(mesAnterior('2026-11', 11), '2026-11'));
    // The seeded lives give every kind of figure something to count.
    expect(informe.plazosVencidos.total).toBeGreaterThan(0);
    expect(informe.pagos.cantidad).toBeGreaterThan(0);
    expect(informe.montos.casos).toBeGreaterThan(0);
    // Some agreed cases have no inspected amount: the ratios must not divide their agreed sum by nothing.
    expect(informe.montos.conInspeccion.casos).toBeGreaterThan(0);
    expect(informe.montos.conInspeccion.casos).toBeLessThan(informe.montos.casos);
    expect(informe.porInspector.length).toBeGreaterThan(0);
    for (const mes of informe.tendencia.filter((item) => item.mes >= '2026-06')) {
      const cada = await recompute(null, mes.mes, mes.mes);
      const alFin = await cada.estadoAlFin(mes.mes);
      expect([mes.mes, mes.recibidos, mes.cerrados, mes.abiertos, mes.pagado, mes.plazosVencidos]).toEqual([
        mes.mes,
        cada.recibidos,
        cada.cerrados.reduce((sum, row) => sum + row.n, 0),
        alFin.filter((row) => row.estado < 8).reduce((sum, row) => sum + row.n, 0),
        num(cada.pagos.total),
        cada.plazos,
      ]);
      expect(mes.medianas).toEqual(
        Object.fromEntries(
          INFORME_ETAPAS.map((etapa, index) => [
            etapa.key,
            ((row) => (row ? num(row.mediana) : null))(cada.etapas.find((item) => item.etapa === index + 1)),
          ]),
        ),
      );
    }
    // The running month: the open cases are today's, and each opens the case list as the Tablero's do.
    const abiertosHoy = await t.rows<{ n: number }>(sql`select count(*)::int as n from casos where id_estado < 8`);
    expect(informe.abiertos.total).toBe(abiertosHoy[0]!.n);
    expect(informe.abiertos.filtro).toEqual({ condCasos: '1' });
    expect(informe.abiertos.porAntiguedad.reduce((sum, tramo) => sum + tramo.total, 0)).toBe(informe.abiertos.total);
    for (const tramo of informe.abiertos.porAntiguedad) {
      const list = await t.request('user', { method: 'POST', url: '/api/casos/filtro?page=1&pageSize=20', payload: tramo.filtro! });
      expect(list.statusCode, list.body).toBe(200);
      expect((list.json() as { totalRows?: number; totalCount?: number }).totalRows, tramo.label).toBe(tramo.total);
    }
  });

  it('each closing reason opens the list of its cases', async () => {
    const informe = await get(`compania=${companias[1]}&desde=2026-06&hasta=2026-11`);
    for (const motivo of informe.cerrados.porMotivo.filter((item) => item.total > 0)) {
      const list = await t.request('user', { method: 'POST', url: '/api/casos/filtro?page=1&pageSize=20', payload: motivo.filtro! });
      expect((list.json() as { totalRows: number }).totalRows, motivo.motivo).toBe(motivo.total);
    }
    const recibidos = await t.request('user', {
      method: 'POST',
      url: '/api/casos/filtro?page=1&pageSize=20',
      payload: informe.recibidos.filtro!,
    });
    expect((recibidos.json() as { totalRows: number }).totalRows).toBe(informe.recibidos.total);
  });

  it('the cases paid on and those whose legal clock expired in a month open the list of exactly those cases', async () => {
    const vistos = { pagos: 0, plazos: 0 };
    for (const compania of [...companias, null])
      for (const mes of mesesEntre('2026-06', '2026-11')) {
        const informe = await get(`${compania === null ? '' : `compania=${compania}&`}desde=${mes}`);
        await expectMatches(informe, compania);
        const { pagos, plazosVencidos } = informe;
        expect(pagos.filtro).toEqual({
          ...(compania === null ? {} : { compania: String(compania) }),
          pagadoDesde: informe.fechaDesde,
          pagadoHasta: informe.fechaHasta,
        });
        expect([mes, await listaDe(pagos.filtro!)]).toEqual([mes, pagos.casos]);
        expect([mes, await listaDe(plazosVencidos.filtro!)]).toEqual([mes, plazosVencidos.casos]);
        expect(pagos.casos).toBeLessThanOrEqual(pagos.cantidad);
        expect(plazosVencidos.casos).toBeLessThanOrEqual(plazosVencidos.total);
        vistos.pagos += pagos.casos;
        vistos.plazos += plazosVencidos.casos;
      }
    expect(vistos.pagos).toBeGreaterThan(0);
    expect(vistos.plazos).toBeGreaterThan(0);
    // A bound alone: Pagado desde runs on; Plazo vencido hasta starts at its month's first day.
    const octubre = await get('desde=2026-10');
    expect(await listaDe({ plazoVencidoHasta: '2026-10-31' })).toBe(octubre.plazosVencidos.casos);
    const [desdeOctubre] = await t.rows<{ n: number }>(
      sql`select count(distinct id_caso)::int as n from pagos where estado = 'pagado' and fecha_pago >= '2026-10-01'`,
    );
    expect(await listaDe({ pagadoDesde: '2026-10-01' })).toBe(desdeOctubre!.n);
    // Each start day of the range is computed per rule: a century is refused, by the list, the export and a bulk action.
    const siglo = { plazoVencidoDesde: '1900-01-01' };
    for (const [url, payload] of [
      ['/api/casos/filtro?page=1&pageSize=20', siglo],
      ['/api/casos/export', { ...siglo, formato: 'excel' }],
      ['/api/casos/masivo/flag', { seleccion: { filtro: siglo }, flag: 1, valor: true }],
    ] as const) {
      const refused = await t.request('user', { method: 'POST', url, payload });
      expect([url, refused.statusCode, refused.body]).toEqual([url, 400, expect.stringContaining(CASO_MESSAGES.plazoVencidoLargo)]);
    }
  });

  it("the open cases at a past month's end, by status and by age, open the list of exactly those cases; the recount refills the same periods", async () => {
    // One case of company A closed and reopened in September, moved on after it; one of B closed in
    // August and reopened in October (closed at August's and September's end).
    const vida = async (compania: number, reclamo: string, pasos: [number, string][]) => {
      const [asegurado] = await t.rows<{ id: number }>(sql`insert into asegurados (apellido) values ('Periodos') returning id`);
      const [alta, ...resto] = pasos;
      const [caso] = await t.rows<{ id: number }>(sql`
        insert into casos (id_compania, reclamo_nro, gestor, fecha_creado, fecha_siniestro, usuario, id_estado, fecha_estado, id_asegurado)
        values (${compania}, ${reclamo}, 'Gestor', ${alta![1]}, ${alta![1]}, 'test', ${alta![0]}, ${alta![1]}, ${asegurado!.id}) returning id`);
      for (const [estado, fecha] of resto)
        await t.rows(sql`update casos set id_estado = ${estado}, fecha_estado = ${fecha} where id = ${caso!.id} returning id`);
      return caso!.id;
    };
    const reabierto = await vida(companias[0]!, '790001', [[1, '2026-07-20'], [3, '2026-08-20'], [9, '2026-09-05'], [3, '2026-09-25'], [4, '2026-10-12']]);
    const cerradoAgosto = await vida(companias[1]!, '790002', [[1, '2026-06-03'], [2, '2026-06-10'], [10, '2026-08-14'], [2, '2026-10-02']]);
    // A status left the day it was entered lasts no day: no period.
    const mismoDia = await vida(companias[1]!, '790003', [[1, '2026-09-01'], [2, '2026-09-01'], [3, '2026-09-30']]);
    const periodos = async (id: number) =>
      t.rows<{ id_estado: number; desde: string; hasta: string | null }>(
        sql`select id_estado, desde::text, hasta::text from caso_estado_periodos where id_caso = ${id} order by desde`,
      );
    expect(await periodos(reabierto)).toEqual([
      { id_estado: 1, desde: '2026-07-20', hasta: '2026-08-20' },
      { id_estado: 3, desde: '2026-08-20', hasta: '2026-09-05' },
      { id_estado: 9, desde: '2026-09-05', hasta: '2026-09-25' },
      { id_estado: 3, desde: '2026-09-25', hasta: '2026-10-12' },
      { id_estado: 4, desde: '2026-10-12', hasta: null },
    ]);
    expect((await periodos(mismoDia)).map((row) => row.id_estado)).toEqual([2, 3]);

    /** The ids the list finds for a filter (all of them: fewer than a page here). */
    const idsDe = async (filtro: Record<string, string>) => {
      const list = await t.request('user', { method: 'POST', url: '/api/casos/filtro?page=1&pageSize=100', payload: filtro });
      expect(list.statusCode, list.body).toBe(200);
      const body = list.json() as { totalRows: number; cases: { id: number }[] };
      expect(body.totalRows).toBeLessThan(100);
      expect(body.cases).toHaveLength(body.totalRows);
      return body.cases.map((row) => row.id);
    };
    let vistos = 0;
    for (const compania of [...companias, null])
      for (const mes of mesesEntre('2026-06', '2026-10')) {
        const informe = await get(`${compania === null ? '' : `compania=${compania}&`}desde=${mes}`);
        await expectMatches(informe, compania);
        const { abiertos } = informe;
        const base = compania === null ? {} : { compania: String(compania) };
        expect(abiertos.filtro).toEqual({ ...base, abiertoAl: finDeMes(mes) });
        const todos = await idsDe(abiertos.filtro!);
        expect([mes, todos.length]).toEqual([mes, abiertos.total]);
        for (const estado of abiertos.porEstado) {
          expect(estado.filtro).toEqual({ ...base, abiertoAl: finDeMes(mes), estadoAl: String(estado.id_estado) });
          expect([mes, estado.estado, (await idsDe(estado.filtro!)).length]).toEqual([mes, estado.estado, estado.total]);
        }
        for (const tramo of abiertos.porAntiguedad)
          expect([mes, tramo.label, (await idsDe(tramo.filtro!)).length]).toEqual([mes, tramo.label, tramo.total]);
        vistos += abiertos.total;
        if (compania === companias[0] && (mes === '2026-08' || mes === '2026-09')) expect(todos).toContain(reabierto);
        if (compania === companias[1]) expect([mes, todos.includes(cerradoAgosto)]).toEqual([mes, mes !== '2026-08' && mes !== '2026-09']);
      }
    expect(vistos).toBeGreaterThan(20);
    // Its status at September's end, not today's: 'Análisis' (3), though 'Ofrecimiento' (4) since October.
    expect(await idsDe({ abiertoAl: '2026-09-30', estadoAl: '3' })).toContain(reabierto);
    expect(await idsDe({ abiertoAl: '2026-09-30', estadoAl: '4' })).not.toContain(reabierto);
    expect(await idsDe({ abiertoAl: '2026-09-10' })).not.toContain(reabierto);
    // estadoAl alone: the status today.
    expect((await idsDe({ estadoAl: '4' })).sort()).toEqual((await idsDe({ estado: '4' })).sort());

    // A case moved to another company takes its periods along (and back: the rollup's months stay as they were).
    await t.rows(sql`update casos set id_compania = ${companias[1]!} where id = ${reabierto} returning id`);
    expect(await idsDe({ compania: String(companias[1]), abiertoAl: '2026-09-30', estadoAl: '3' })).toContain(reabierto);
    expect(await idsDe({ compania: String(companias[0]), abiertoAl: '2026-09-30', estadoAl: '3' })).not.toContain(reabierto);
    await t.rows(sql`update casos set id_compania = ${companias[0]!} where id = ${reabierto} returning id`);

    // The periods the trigger kept are those the recount replays from the audit log.
    const todas = () =>
      t.rows<{ id_caso: number; id_compania: number; id_estado: number; desde: string; hasta: string | null }>(
        sql`select id_caso, id_compania, id_estado, desde::text, hasta::text from caso_estado_periodos order by id_caso, desde, id_estado`,
      );
    const kept = await todas();
    expect(kept.length).toBeGreaterThan(150);
    await t.rows(sql`truncate caso_estado_periodos`);
    await t.rows(sql`select informe_recontar()`);
    expect(await todas()).toEqual(kept);
    // A case removed takes its periods with it (one that left no stage: the stage days counted stay, decision 094).
    const borrado = await vida(companias[0]!, '790004', [[1, '2026-11-02']]);
    expect(await periodos(borrado)).toHaveLength(1);
    await t.rows(sql`delete from casos where id = ${borrado} returning id`);
    expect(await periodos(borrado)).toEqual([]);
  });

  it('informe_recontar() rebuilds every figure from the cases and their status history, past months included; the trigger goes on from it', async () => {
    const queries = [
      `compania=${companias[0]}&desde=2026-09`,
      `compania=${companias[1]}&desde=2026-07&hasta=2026-08`,
      'desde=2026-06&hasta=2026-11',
    ];
    const sinHora = (informe: Informe) => ({ ...informe, generado: '' });
    const antes = (await Promise.all(queries.map((query) => get(query)))).map(sinHora);
    // An office upgrading: the rollup empty (its changes were made before drizzle/0048), the audit log full.
    await t.rows(sql`truncate informe_etapas, informe_mes, informe_abiertos_dia, caso_informe`);
    await t.rows(sql`select informe_recontar()`);
    const despues = (await Promise.all(queries.map((query) => get(query)))).map(sinHora);
    expect(despues).toEqual(antes);
    expect(despues[2]!.etapas.reduce((sum, etapa) => sum + etapa.casos, 0)).toBeGreaterThan(10);
    await expectMatches(despues[0]!, companias[0]!);
    // Called twice in one transaction (its work tables are its own).
    await t.rows(sql`select informe_recontar(), informe_recontar()`);
    expect(sinHora(await get(queries[2]!))).toEqual(antes[2]);
    // A case moved on after the recount: its stage days run from the day the history says it entered the stage.
    const [abierto] = await t.rows<{ id: number; id_estado: number; fecha_estado: string }>(
      sql`select id, id_estado, fecha_estado::text from casos where id_estado between 2 and 6 and fecha_estado < ${HOY} order by id limit 1`,
    );
    await t.rows(sql`update casos set id_estado = 7, fecha_estado = ${HOY} where id = ${abierto!.id} returning id`);
    await expectMatches(await get('desde=2026-06&hasta=2026-11'), null);
  });

  it('stage numbers agree with the domain (the SQL function informe_etapa)', async () => {
    const rows = await t.rows<{ id: number; etapa: number }>(sql`select id, informe_etapa(id)::int as etapa from estados order by id`);
    for (const row of rows) expect(row.etapa, String(row.id)).toBe(informeEtapaDeEstado(row.id));
  });

  it('refuses an Inspector, a bad month, a reversed or too long period and an unknown company', async () => {
    expect((await t.request('inspector', { method: 'GET', url: '/api/informes?desde=2026-09' })).statusCode).toBe(403);
    expect((await t.request('inspector', { method: 'GET', url: '/api/informes.pdf?desde=2026-09' })).statusCode).toBe(403);
    expect((await t.request(null, { method: 'GET', url: '/api/informes?desde=2026-09' })).statusCode).toBe(401);
    for (const query of [
      'desde=2026-13',
      'desde=2026-9',
      'desde=2026-09&hasta=2026-08',
      'desde=2024-01&hasta=2026-01',
      'desde=2026-09&compania=abc',
      'desde=2026-09&otro=1',
    ]) {
      const response = await t.request('user', { method: 'GET', url: `/api/informes?${query}` });
      expect(response.statusCode, query).toBe(400);
    }
    // The files are their own routes; a format key is refused as any unknown key of a list route, in Spanish.
    for (const url of [
      '/api/informes?desde=2026-09&formato=pdf',
      '/api/informes.xlsx?desde=2026-09&formato=pdf',
      '/api/informes?desde=2026-09&FORMATO=xlsx',
    ]) {
      const response = await t.request('user', { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(JSON.stringify(response.json()), url).toMatch(/Campo no admitido: formato/i);
    }
    const response = await t.request('user', { method: 'GET', url: '/api/informes?desde=2026-09&compania=999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'La compañia no existe' });
  });
});

describe('GET /api/informes.pdf and .xlsx', () => {
  it('the xlsx has a sheet per table with the JSON numbers as numbers, and the dates as dates', async () => {
    const query = `compania=${companias[0]}&desde=2026-08&hasta=2026-10`;
    const informe = await get(query);
    const response = await t.request('user', { method: 'GET', url: `/api/informes.xlsx?${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Informe_Informe_Seguros_A_2026-08_2026-10.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = (name: string) => {
      const found = workbook.getWorksheet(name);
      expect(found, name).toBeDefined();
      return found!;
    };
    const tabla = (name: string) => {
      const rows: unknown[][] = [];
      sheet(name).eachRow((row, index) => {
        if (index > 6) rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    };
    expect(sheet('Resumen').getCell('B3').value).toEqual(new Date('2026-08-01T00:00:00Z'));
    expect(tabla('Resumen').map((row) => row[1])).toEqual([
      informe.recibidos.total,
      informe.cerrados.total,
      informe.abiertos.total,
      informe.pagos.cantidad,
      informe.pagos.total,
      informe.pagos.casos,
      informe.plazosVencidos.total,
      informe.plazosVencidos.casos,
    ]);
    // The offered vs agreed scatter's points, each case recomputed from the raw tables; numbers typed, no amount empty.
    const porCaso = (await recompute(companias[0]!, '2026-08', '2026-10')).porCaso;
    expect(porCaso.length).toBeGreaterThan(0);
    expect(tabla('Montos por caso').map((row) => [0, 1, 2, 3].map((index) => row[index] ?? null))).toEqual(
      porCaso.map((row) => [
        row.id,
        row.ofrecido === null ? null : num(row.ofrecido),
        num(row.acordado),
        row.inspeccionado === null ? null : num(row.inspeccionado),
      ]),
    );
    expect(tabla('Cerrados')).toEqual(informe.cerrados.porMotivo.map((item) => [item.motivo, item.total]));
    expect(tabla('Abiertos por estado')).toEqual(informe.abiertos.porEstado.map((item) => [item.estado, item.total]));
    expect(tabla('Etapas').map((row) => [0, 1, 2, 3].map((index) => row[index] ?? null))).toEqual(
      informe.etapas.map((etapa) => [etapa.label, etapa.casos, etapa.mediana, etapa.p90]),
    );
    expect(tabla('Montos').map((row) => row[1] ?? null)).toEqual([
      informe.montos.casos,
      informe.montos.ofrecido,
      informe.montos.acordado,
      informe.montos.inspeccionado,
      informe.montos.conInspeccion.casos,
      informe.montos.conInspeccion.acordado,
      informe.montos.conInspeccion.ofrecido,
      informe.montos.ratios.acordadoOfrecido,
      informe.montos.ratios.acordadoInspeccionado,
      informe.montos.ratios.ofrecidoInspeccionado,
    ]);
    expect(tabla('Tendencia').map((row) => row.slice(0, 4))).toEqual(
      informe.tendencia.map((mes) => [mes.mes, mes.recibidos, mes.cerrados, mes.abiertos]),
    );
    expect(workbook.worksheets.map((item) => item.name)).toContain('Etapas por analista');
  });

  it('the PDF draws the offered vs agreed scatter of the cases with both amounts, or says there are none', async () => {
    const texto = async (query: string) => {
      const response = await t.request('user', { method: 'GET', url: `/api/informes.pdf?${query}` });
      expect(response.statusCode).toBe(200);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
      return text;
    };
    const query = `compania=${companias[0]}&desde=2026-08&hasta=2026-10`;
    const conAmbos = (await get(query)).montos.porCaso.filter((caso) => caso.ofrecido !== null).length;
    expect(conAmbos).toBeGreaterThan(0);
    const text = await texto(query);
    expect(text).toContain('Ofrecido y acordado por caso');
    expect(text).toContain(`${conAmbos} casos con ambos montos`);
    expect(await texto(`compania=${companias[0]}&desde=2025-01`)).toContain(
      'Ningún caso se cerró en el período con valor acordado y valor ofrecido.',
    );
  });

  it('the PDF: a document with the office, the company and the period', async () => {
    const response = await t.request('admin', { method: 'GET', url: `/api/informes.pdf?compania=${companias[1]}&desde=2026-10` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const info = response.rawPayload.toString('latin1');
    expect(info).toContain('/Count');
  });
});
