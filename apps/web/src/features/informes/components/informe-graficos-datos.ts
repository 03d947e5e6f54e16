import type { Informe, InformeEtapa } from '@siniestros/domain';

type Tramo = { desde: number; hasta: number | null };

/** A bucket's tick, short enough for six side by side at 1366 px: '8 a 15', '100 a 110 %', '110 % o más' (`unidad`: ' %'). */
export const tramoTexto = ({ desde, hasta }: Tramo, unidad = '') =>
  hasta === null ? `${desde}${unidad} o más` : `${desde} a ${hasta}${unidad}`;

/**
 * The stage-duration chart's rows: one a duration bucket, one column a stage (the server sends each
 * stage with its own list of buckets, all in INFORME_DURACION_TRAMOS' order).
 */
export function datosDuracion(etapas: Informe['etapas']): ({ tramo: string } & Record<InformeEtapa, number>)[] {
  const primera = etapas[0]?.distribucion ?? [];
  return primera.map((tramo, index) => ({
    tramo: tramoTexto(tramo),
    ...(Object.fromEntries(etapas.map((etapa) => [etapa.etapa, etapa.distribucion[index]?.total ?? 0])) as Record<InformeEtapa, number>),
  }));
}

/** The agreed ÷ inspected distribution's rows ('90 a 100 %': the bucket holds 90 up to, not including, 100). */
export const datosRatios = (distribucion: Informe['montos']['distribucion']) =>
  distribucion.map((tramo) => ({ tramo: tramoTexto(tramo, ' %'), casos: tramo.total }));

/** The aging stack: one bar (the open cases) whose segments are the age buckets. */
export function datosAntiguedad(porAntiguedad: Informe['abiertos']['porAntiguedad']) {
  return {
    data: [{ fila: 'Abiertos', ...Object.fromEntries(porAntiguedad.map((tramo) => [tramo.key, tramo.total])) }],
    series: porAntiguedad.map((tramo) => ({ name: tramo.key, label: tramo.label })),
  };
}

/**
 * The per-case chart's points (the cases with both amounts: x offered, y agreed) and what its name
 * reads: how many it draws of how many, and in how many the agreed reached the offered.
 */
export function datosPorCaso(montos: Informe['montos']) {
  const puntos = montos.porCaso.flatMap((caso) => (caso.ofrecido === null ? [] : [{ ofrecido: caso.ofrecido, acordado: caso.acordado }]));
  return {
    puntos,
    alcanzaOfrecido: puntos.filter((punto) => punto.acordado >= punto.ofrecido).length,
    muestra: montos.porCaso.length < montos.casos,
  };
}
