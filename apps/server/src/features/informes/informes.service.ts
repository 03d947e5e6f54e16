import {
  COND_CASOS,
  FIRST_CLOSED_ESTADO,
  INFORME_DURACION_TRAMOS,
  INFORME_ETAPAS,
  INFORME_MESSAGES,
  INFORME_POR_CASO_MAX,
  INFORME_RATIO_TRAMOS,
  INFORME_TENDENCIA_MESES,
  SIN_ANALISTA_NOMBRE,
  TABLERO_TRAMOS,
  addDaysIso,
  finDeMes,
  mesesEntre,
  tableroFiltroAntiguedad,
  todayIso,
  type Informe,
  type InformeEtapa,
  type TableroTramo,
  type InformesQuery,
} from '@siniestros/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../shared/errors';
import {
  abiertosPorAlta,
  casosDePagosYPlazos,
  estadoRows,
  etapaRows,
  mesRows,
  montosPorCaso,
  nombres,
  pagosRows,
  plazosVencidosRows,
  type EtapaRow,
} from './informes.repository';

export type InformesService = ReturnType<typeof createInformesService>;

type Filtro = Record<string, string>;
type Histograma = Map<number, number>;

/** The month `n` months before `mes` (YYYY-MM). */
export function mesAnterior(mes: string, n = 1): string {
  const [year, month] = mes.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const primerDia = (mes: string) => `${mes}-01`;
const pesos = (value: string | number | undefined) => Math.round(Number(value ?? 0) * 100) / 100;
const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);

/**
 * The value at a percentile of the days counted (nearest rank, as PostgreSQL's percentile_disc:
 * the first value whose rank reaches ceil(f × n)); null without cases.
 */
export function percentilDias(histograma: Histograma, f: number): number | null {
  const n = [...histograma.values()].reduce((sum, total) => sum + total, 0);
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil(f * n));
  let acumulado = 0;
  for (const dias of [...histograma.keys()].sort((a, b) => a - b)) {
    acumulado += histograma.get(dias)!;
    if (acumulado >= rank) return dias;
  }
  return null;
}

function sumar(histograma: Histograma, dias: number, total: number) {
  histograma.set(dias, (histograma.get(dias) ?? 0) + total);
}
const casosDe = (histograma: Histograma | undefined) => [...(histograma?.values() ?? [])].reduce((sum, total) => sum + total, 0);
const etapaResumen = (histograma: Histograma | undefined) => ({
  casos: casosDe(histograma),
  mediana: percentilDias(histograma ?? new Map(), 0.5),
  p90: percentilDias(histograma ?? new Map(), 0.9),
});

/** Histograms of stage days keyed by `clave(row)`, then by stage (1-5). */
function histogramas(rows: EtapaRow[], clave: (row: EtapaRow) => string | number): Map<string | number, Map<number, Histograma>> {
  const result = new Map<string | number, Map<number, Histograma>>();
  for (const row of rows) {
    const key = clave(row);
    const porEtapa = result.get(key) ?? new Map<number, Histograma>();
    result.set(key, porEtapa);
    const histograma = porEtapa.get(row.etapa) ?? new Map<number, number>();
    porEtapa.set(row.etapa, histograma);
    sumar(histograma, row.dias, row.total);
  }
  return result;
}

const etapasDe = (porEtapa: Map<number, Histograma> | undefined) =>
  INFORME_ETAPAS.map((etapa, index) => ({ etapa: etapa.key, label: etapa.label, ...etapaResumen(porEtapa?.get(index + 1)) }));

/**
 * The open cases of an age bucket at a past day's end: open then (abiertoAl, docs/decisions/102),
 * with F Alta in the bucket counted from that day, as the Tablero's buckets are from today.
 */
function abiertosAntiguedad(al: string, key: TableroTramo): Filtro {
  const { fechaDesde, fechaHasta } = tableroFiltroAntiguedad(al, key, 'alta');
  return { ...(fechaDesde ? { fechaDesde } : {}), ...(fechaHasta ? { fechaHasta } : {}), abiertoAl: al };
}

/** The informe de gestión (issue 46; docs/decisions/093 says what each figure is, 094 where it is kept). */
export function createInformesService(deps: { db: Db; today?: () => string; now?: () => Date }) {
  const { db } = deps;
  const today = deps.today ?? (() => todayIso());
  const now = deps.now ?? (() => new Date());

  return {
    async get(query: InformesQuery): Promise<Informe> {
      const hoy = today();
      const compania = query.compania ? Number(query.compania) : null;
      const names = await nombres(db);
      const companiaRow = compania === null ? null : names.companias.find((item) => item.id === compania);
      if (companiaRow === undefined) throw notFound(INFORME_MESSAGES.companiaNotFound);
      const { desde, hasta } = query;
      const tendenciaDesde = mesAnterior(hasta, INFORME_TENDENCIA_MESES - 1);
      const leerDesde = tendenciaDesde < desde ? tendenciaDesde : desde;
      const fechaDesde = primerDia(desde);
      const fechaHasta = finDeMes(hasta);
      // The open cases are counted at the period's end, or today while the period runs.
      const al = fechaHasta < hoy ? fechaHasta : hoy;
      const esHoy = al === hoy;
      const base: Filtro = compania === null ? {} : { compania: String(compania) };

      const [mes, estados, etapas, pagos, plazos, porAlta, porCaso, casosDe] = await Promise.all([
        mesRows(db, compania, primerDia(leerDesde), primerDia(hasta)),
        estadoRows(db, compania, primerDia(hasta)),
        etapaRows(db, compania, primerDia(leerDesde), primerDia(hasta), fechaDesde),
        pagosRows(db, compania, primerDia(leerDesde), fechaHasta),
        plazosVencidosRows(db, compania, primerDia(leerDesde), fechaHasta),
        abiertosPorAlta(db, compania, primerDia(hasta), addDaysIso(al, -90), al),
        montosPorCaso(db, compania, fechaDesde, fechaHasta, INFORME_POR_CASO_MAX),
        casosDePagosYPlazos(db, compania, fechaDesde, fechaHasta),
      ]);
      const enPeriodo = (m: string) => m >= desde && m <= hasta;

      // Cases per status at each month's end: the movements summed up to it.
      const abiertosAlFin = new Map<string, Map<number, number>>();
      const acumulado = new Map<number, number>();
      const mesesTendencia = mesesEntre(tendenciaDesde, hasta);
      let cursor = 0;
      for (const m of mesesTendencia) {
        while (cursor < estados.length && estados[cursor]!.mes <= m) {
          const row = estados[cursor]!;
          acumulado.set(row.id_estado, (acumulado.get(row.id_estado) ?? 0) + row.total);
          cursor += 1;
        }
        abiertosAlFin.set(m, new Map(acumulado));
      }
      const abiertosDe = (m: string) =>
        [...(abiertosAlFin.get(m) ?? new Map<number, number>()).entries()].filter(([id]) => id < FIRST_CLOSED_ESTADO);
      const totalAbiertos = (m: string) => abiertosDe(m).reduce((sum, [, total]) => sum + total, 0);

      const suma = (figura: string, filtro: (row: (typeof mes)[number]) => boolean = () => true) =>
        mes.filter((row) => row.figura === figura && filtro(row)).reduce((sum, row) => sum + row.total, 0);
      // Bucket -1 holds the cases without an inspected amount (drizzle/0048 informe_bucket).
      const montosDe = (filtro: (m: string) => boolean, conInspeccion = false) => {
        const rows = mes.filter((row) => row.figura === 'montos' && filtro(row.mes) && (!conInspeccion || row.clave >= 0));
        const sumOf = (key: 'ofrecido' | 'acordado' | 'inspeccionado') => pesos(rows.reduce((sum, row) => sum + Number(row[key]), 0));
        return {
          rows,
          casos: rows.reduce((sum, row) => sum + row.total, 0),
          ofrecido: sumOf('ofrecido'),
          acordado: sumOf('acordado'),
          inspeccionado: sumOf('inspeccionado'),
        };
      };

      const cerradosFiltro = { ...base, fechaEstadoDesde: fechaDesde, fechaEstadoHasta: fechaHasta };
      const porMotivo = names.estados
        .filter((estado) => estado.id >= FIRST_CLOSED_ESTADO)
        .map((estado) => ({
          id_estado: estado.id,
          motivo: estado.nombre,
          total: suma('cerrados', (row) => enPeriodo(row.mes) && row.clave === estado.id),
          filtro: { ...cerradosFiltro, estado: String(estado.id) },
        }));

      const alMes = hasta;
      const porEstado = names.estados
        .filter((estado) => estado.id < FIRST_CLOSED_ESTADO)
        .map((estado) => ({
          id_estado: estado.id,
          estado: estado.nombre,
          total: abiertosAlFin.get(alMes)?.get(estado.id) ?? 0,
          filtro: esHoy ? { ...base, estado: String(estado.id) } : { ...base, abiertoAl: al, estadoAl: String(estado.id) },
        }));
      const abiertosTotal = totalAbiertos(alMes);
      const edad = (dia: string) => Math.round((Date.parse(al) - Date.parse(dia)) / 86_400_000);
      const porAntiguedad = TABLERO_TRAMOS.map((tramo) => ({
        key: tramo.key,
        label: tramo.label,
        total:
          tramo.hasta === null
            ? 0
            : porAlta
                .filter((row) => edad(row.dia) >= tramo.desde && edad(row.dia) <= tramo.hasta)
                .reduce((sum, row) => sum + row.total, 0),
        filtro: esHoy ? { ...base, ...tableroFiltroAntiguedad(hoy, tramo.key, 'alta') } : { ...base, ...abiertosAntiguedad(al, tramo.key) },
      }));
      const ultimo = porAntiguedad.at(-1)!;
      ultimo.total = Math.max(0, abiertosTotal - porAntiguedad.slice(0, -1).reduce((sum, tramo) => sum + tramo.total, 0));

      // Stage days: the whole office per month (the trend), per analyst and inspector over the period.
      const oficinaPorMes = histogramas(
        etapas.filter((row) => row.tipo === 'o'),
        (row) => row.mes ?? '',
      );
      const oficina = new Map<number, Histograma>();
      for (const [m, porEtapa] of oficinaPorMes)
        if (enPeriodo(String(m)))
          for (const [etapa, histograma] of porEtapa)
            for (const [dias, total] of histograma) sumar(oficina.get(etapa) ?? oficina.set(etapa, new Map()).get(etapa)!, dias, total);
      const porAnalista = histogramas(
        etapas.filter((row) => row.tipo === 'a'),
        (row) => row.id_persona,
      );
      const porInspector = histogramas(
        etapas.filter((row) => row.tipo === 'i'),
        (row) => row.id_persona,
      );

      const montos = montosDe(enPeriodo);
      const conInspeccion = montosDe(enPeriodo, true);
      const pagosPeriodo = pagos.filter((row) => enPeriodo(row.mes));
      const plazosPeriodo = plazos.filter((row) => enPeriodo(row.mes));
      const porPlazo = new Map<string, { codigo: string; nombre: string; total: number }>();
      for (const row of plazosPeriodo) {
        const item = porPlazo.get(row.codigo) ?? { codigo: row.codigo, nombre: row.nombre, total: 0 };
        item.total += row.total;
        porPlazo.set(row.codigo, item);
      }

      const porEtapaKey = <T>(value: (index: number) => T) =>
        Object.fromEntries(INFORME_ETAPAS.map((etapa, index) => [etapa.key, value(index + 1)])) as Record<InformeEtapa, T>;

      return {
        compania: companiaRow,
        desde,
        hasta,
        fechaDesde,
        fechaHasta,
        generado: now().toISOString(),
        recibidos: { total: suma('recibidos', (row) => enPeriodo(row.mes)), filtro: { ...base, fechaDesde, fechaHasta } },
        cerrados: {
          total: porMotivo.reduce((sum, item) => sum + item.total, 0),
          filtro: { ...cerradosFiltro, condCasos: COND_CASOS.CERRADOS },
          porMotivo,
        },
        abiertos: {
          al,
          total: abiertosTotal,
          filtro: esHoy ? { ...base, condCasos: COND_CASOS.VIGENTES } : { ...base, abiertoAl: al },
          porEstado,
          porAntiguedad,
        },
        etapas: INFORME_ETAPAS.map((etapa, index) => {
          const histograma = oficina.get(index + 1) ?? new Map<number, number>();
          return {
            etapa: etapa.key,
            label: etapa.label,
            ...etapaResumen(histograma),
            distribucion: INFORME_DURACION_TRAMOS.map((tramo) => ({
              desde: tramo.desde,
              hasta: tramo.hasta,
              total: [...histograma]
                .filter(([dias]) => dias >= tramo.desde && (tramo.hasta === null || dias <= tramo.hasta))
                .reduce((sum, [, total]) => sum + total, 0),
            })),
          };
        }),
        porAnalista: [...porAnalista.keys()]
          .map((id) => Number(id))
          .sort((a, b) => a - b)
          .map((id) => ({
            id_analista: id === 0 ? null : id,
            analista: id === 0 ? SIN_ANALISTA_NOMBRE : (names.analistas.find((item) => item.id === id)?.nombre ?? String(id)),
            etapas: etapasDe(porAnalista.get(id)),
          })),
        porInspector: [...porInspector.keys()]
          .map((id) => Number(id))
          .sort((a, b) => a - b)
          .map((id) => ({
            id_inspector: id,
            inspector: names.inspectores.find((item) => item.id === id)?.nombre ?? String(id),
            etapas: etapasDe(porInspector.get(id)),
          })),
        montos: {
          casos: montos.casos,
          ofrecido: montos.ofrecido,
          acordado: montos.acordado,
          inspeccionado: montos.inspeccionado,
          filtro: { ...cerradosFiltro, condCasos: COND_CASOS.CERRADOS },
          conInspeccion: {
            casos: conInspeccion.casos,
            ofrecido: conInspeccion.ofrecido,
            acordado: conInspeccion.acordado,
            inspeccionado: conInspeccion.inspeccionado,
          },
          ratios: {
            acordadoOfrecido: ratio(montos.acordado, montos.ofrecido),
            acordadoInspeccionado: ratio(conInspeccion.acordado, conInspeccion.inspeccionado),
            ofrecidoInspeccionado: ratio(conInspeccion.ofrecido, conInspeccion.inspeccionado),
          },
          distribucion: INFORME_RATIO_TRAMOS.map((tramo, index) => ({
            desde: tramo.desde,
            hasta: tramo.hasta,
            total: montos.rows.filter((row) => row.clave === index).reduce((sum, row) => sum + row.total, 0),
          })),
          porCaso: porCaso.map((row) => ({
            id: row.id,
            ofrecido: row.ofrecido === null ? null : pesos(row.ofrecido),
            acordado: pesos(row.acordado),
            inspeccionado: row.inspeccionado === null ? null : pesos(row.inspeccionado),
          })),
        },
        pagos: {
          cantidad: pagosPeriodo.reduce((sum, row) => sum + row.cantidad, 0),
          total: pesos(pagosPeriodo.reduce((sum, row) => sum + Number(row.total), 0)),
          casos: casosDe.pagos,
          filtro: { ...base, pagadoDesde: fechaDesde, pagadoHasta: fechaHasta },
        },
        plazosVencidos: {
          total: plazosPeriodo.reduce((sum, row) => sum + row.total, 0),
          casos: casosDe.plazos,
          filtro: { ...base, plazoVencidoDesde: fechaDesde, plazoVencidoHasta: fechaHasta },
          porPlazo: [...porPlazo.values()],
        },
        tendencia: mesesTendencia.map((m) => {
          const montosMes = montosDe((item) => item === m);
          return {
            mes: m,
            recibidos: suma('recibidos', (row) => row.mes === m),
            cerrados: suma('cerrados', (row) => row.mes === m),
            abiertos: totalAbiertos(m),
            medianas: porEtapaKey((etapa) => percentilDias(oficinaPorMes.get(m)?.get(etapa) ?? new Map(), 0.5)),
            p90: porEtapaKey((etapa) => percentilDias(oficinaPorMes.get(m)?.get(etapa) ?? new Map(), 0.9)),
            ofrecido: montosMes.ofrecido,
            acordado: montosMes.acordado,
            inspeccionado: montosMes.inspeccionado,
            pagado: pesos(pagos.filter((row) => row.mes === m).reduce((sum, row) => sum + Number(row.total), 0)),
            plazosVencidos: plazos.filter((row) => row.mes === m).reduce((sum, row) => sum + row.total, 0),
          };
        }),
      };
    },
  };
}
