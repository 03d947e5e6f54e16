import { z } from 'zod';
import { isoDate, optionalFilterId } from '../shared/fields';

/**
 * Issue 46, the informe de gestión: the monthly report an office sends each insurer
 * (docs/decisions/093 says what each figure means and where it comes from; 094 the monthly
 * rollup and the monthly e-mail).
 */

/** A month as YYYY-MM. */
export const YEAR_MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
export const MSG_MES = 'El mes debe tener el formato AAAA-MM';
export const yearMonth = z.string().regex(YEAR_MONTH_RE, MSG_MES);

/** The longest period one report covers, in months. */
export const INFORME_MAX_MESES = 24;
/**
 * The monthly e-mail goes on the month's first working day; a send that failed, or a day no node
 * ran, is made up for this many days after it, never later (recipients set mid-month wait).
 */
export const INFORME_ENVIO_DIAS_PARA_REINTENTAR = 7;
/** The trend always shows this many months, ending with the period's last. */
export const INFORME_TENDENCIA_MESES = 12;

/** The stages of a case's life, each a set of statuses (decision 093); a closed status ends the stage it was closed from. */
export const INFORME_ETAPAS = [
  { key: 'documentacion', label: 'Documentación', estados: [1] },
  { key: 'inspeccion', label: 'Inspección', estados: [2] },
  { key: 'analisis', label: 'Análisis', estados: [3] },
  { key: 'convenio', label: 'Convenio', estados: [4, 5, 6] },
  { key: 'pago', label: 'Pago', estados: [7] },
] as const;
export type InformeEtapa = (typeof INFORME_ETAPAS)[number]['key'];
export const INFORME_ETAPA_KEYS = INFORME_ETAPAS.map((etapa) => etapa.key) as [InformeEtapa, ...InformeEtapa[]];
/** The stage number (1-5, as the rollup stores it) of a status; 0 for a closed status. */
export function informeEtapaDeEstado(idEstado: number): number {
  return INFORME_ETAPAS.findIndex((etapa) => (etapa.estados as readonly number[]).includes(idEstado)) + 1;
}

/** Buckets of a stage's duration in days, for the distribution chart (the last has no upper bound). */
export const INFORME_DURACION_TRAMOS = [
  { desde: 0, hasta: 7 },
  { desde: 8, hasta: 15 },
  { desde: 16, hasta: 30 },
  { desde: 31, hasta: 60 },
  { desde: 61, hasta: 90 },
  { desde: 91, hasta: 180 },
  { desde: 181, hasta: null },
] as const;

/** The per-case offered vs agreed chart shows at most this many cases of the period, the latest closed. */
export const INFORME_POR_CASO_MAX = 500;

/** Buckets of agreed ÷ inspected (percent) of the cases closed with both amounts (the last has no upper bound). */
export const INFORME_RATIO_TRAMOS = [
  { desde: 0, hasta: 50 },
  { desde: 50, hasta: 75 },
  { desde: 75, hasta: 90 },
  { desde: 90, hasta: 100 },
  { desde: 100, hasta: 110 },
  { desde: 110, hasta: null },
] as const;

/** The three amount ratios as the screen, the PDF and the xlsx name them (decision 093). */
export const INFORME_RATIOS = [
  { key: 'acordadoOfrecido', label: 'Acordado ÷ ofrecido' },
  { key: 'acordadoInspeccionado', label: 'Acordado ÷ inspeccionado' },
  { key: 'ofrecidoInspeccionado', label: 'Ofrecido ÷ inspeccionado' },
] as const;
/** What a ratio compares: the agreed cases, or only those of them with an inspected amount. */
export const informeRatioSobre = (key: (typeof INFORME_RATIOS)[number]['key'], casos: number, conInspeccion: number) =>
  key === 'acordadoOfrecido'
    ? `sobre ${casos} ${casos === 1 ? 'caso' : 'casos'} con valor acordado`
    : `sobre ${conInspeccion} ${conInspeccion === 1 ? 'caso' : 'casos'} con inspección`;

export const INFORME_MESSAGES = {
  hastaAntesDeDesde: 'El mes Hasta no puede ser anterior al mes Desde',
  periodoLargo: `El período puede abarcar como máximo ${INFORME_MAX_MESES} meses`,
  companiaNotFound: 'La compañia no existe',
  sinDestinatarios: 'Indique al menos un destinatario',
  destinatariosGuardados: 'Destinatarios guardados',
  asunto: (compania: string, mes: string) => `Informe de gestión ${compania} ${mes}`,
} as const;

/** GET /api/informes (and .pdf, .xlsx): `compania` empty for every company; `hasta` defaults to `desde`. */
export const informesQuerySchema = z
  .strictObject({
    compania: optionalFilterId,
    desde: yearMonth,
    hasta: yearMonth.optional(),
  })
  .transform((query) => ({ ...query, hasta: query.hasta ?? query.desde }))
  .refine((query) => query.hasta >= query.desde, { message: INFORME_MESSAGES.hastaAntesDeDesde, path: ['hasta'] })
  .refine((query) => mesesEntre(query.desde, query.hasta).length <= INFORME_MAX_MESES, {
    message: INFORME_MESSAGES.periodoLargo,
    path: ['hasta'],
  });
export type InformesQuery = z.infer<typeof informesQuerySchema>;

/** The months from `desde` to `hasta`, both included (YYYY-MM). */
export function mesesEntre(desde: string, hasta: string): string[] {
  const meses: string[] = [];
  let [year, month] = desde.split('-').map(Number) as [number, number];
  for (let mes = desde; mes <= hasta && meses.length <= INFORME_MAX_MESES * 10;) {
    meses.push(mes);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    mes = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  }
  return meses;
}

/** The last day of a month (YYYY-MM-DD). */
export function finDeMes(mes: string): string {
  const [year, month] = mes.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The case list's filter that opens a figure's cases, as the Tablero's links carry it
 * (tablero.filtros.ts): the screen puts it in the link's URL. Null when no list filter can
 * find exactly those cases (decision 093 names which and why).
 */
const filtro = z.record(z.string(), z.string()).nullable();

const percentil = z.object({
  /** Cases that left the stage in the period. */
  casos: z.number(),
  /** Median days in the stage; null without cases. */
  mediana: z.number().nullable(),
  /** 90th percentile (nearest rank) of the days in the stage; null without cases. */
  p90: z.number().nullable(),
});
const etapaDuracion = percentil.extend({
  etapa: z.enum(INFORME_ETAPA_KEYS),
  label: z.string(),
  /** One count per INFORME_DURACION_TRAMOS bucket, in its order. */
  distribucion: z.array(z.object({ desde: z.number(), hasta: z.number().nullable(), total: z.number() })),
});
const etapasDe = z.array(percentil.extend({ etapa: z.enum(INFORME_ETAPA_KEYS), label: z.string() }));

/** Amounts as numbers of pesos (two decimals at most). */
const montos = z.object({
  /** Cases closed in the period with an agreed amount. */
  casos: z.number(),
  ofrecido: z.number(),
  acordado: z.number(),
  inspeccionado: z.number(),
});

const tendenciaMes = z.object({
  mes: yearMonth,
  recibidos: z.number(),
  cerrados: z.number(),
  abiertos: z.number(),
  /** Median days per stage of the cases that left it that month; null without cases. */
  medianas: z.record(z.enum(INFORME_ETAPA_KEYS), z.number().nullable()),
  p90: z.record(z.enum(INFORME_ETAPA_KEYS), z.number().nullable()),
  ofrecido: z.number(),
  acordado: z.number(),
  inspeccionado: z.number(),
  pagado: z.number(),
  plazosVencidos: z.number(),
});

export const informeResponse = z.object({
  /** Null: every company. */
  compania: z.object({ id: z.number(), nombre: z.string() }).nullable(),
  desde: yearMonth,
  hasta: yearMonth,
  /** First and last day of the period (YYYY-MM-DD). */
  fechaDesde: isoDate,
  fechaHasta: isoDate,
  /** When it was computed (ISO instant). */
  generado: z.string(),
  /** Cases whose F Alta falls in the period. */
  recibidos: z.object({ total: z.number(), filtro }),
  /** Cases closed in the period (closing date), by the status they were closed into. */
  cerrados: z.object({
    total: z.number(),
    filtro,
    porMotivo: z.array(z.object({ id_estado: z.number(), motivo: z.string(), total: z.number(), filtro })),
  }),
  /** Cases open at the end of the period's last day: by status then, and by age since F Alta. */
  abiertos: z.object({
    al: isoDate,
    total: z.number(),
    filtro,
    porEstado: z.array(z.object({ id_estado: z.number(), estado: z.string(), total: z.number(), filtro })),
    /** TABLERO_TRAMOS' buckets, counted back from `al`. */
    porAntiguedad: z.array(z.object({ key: z.string(), label: z.string(), total: z.number(), filtro })),
  }),
  /** Days in each stage of the cases that left it in the period. */
  etapas: z.array(etapaDuracion),
  porAnalista: z.array(z.object({ id_analista: z.number().nullable(), analista: z.string(), etapas: etapasDe })),
  /** The inspection stage per inspector (of the case's latest inspection). */
  porInspector: z.array(z.object({ id_inspector: z.number(), inspector: z.string(), etapas: etapasDe })),
  /** Offered vs agreed vs inspected of the cases closed in the period with an agreed amount. */
  montos: montos.extend({
    filtro,
    /**
     * The same sums over only those with an inspected amount (decision 093): the ratios to
     * inspeccionado compare these, never the agreed total of every closed case with the inspected
     * total of some.
     */
    conInspeccion: montos,
    /**
     * acordado ÷ ofrecido (every case of `casos`), acordado ÷ inspeccionado and ofrecido ÷
     * inspeccionado (the cases of `conInspeccion`); null when the divisor is 0.
     */
    ratios: z.object({
      acordadoOfrecido: z.number().nullable(),
      acordadoInspeccionado: z.number().nullable(),
      ofrecidoInspeccionado: z.number().nullable(),
    }),
    /** Cases per INFORME_RATIO_TRAMOS bucket of acordado ÷ inspeccionado (those with both amounts). */
    distribucion: z.array(z.object({ desde: z.number(), hasta: z.number().nullable(), total: z.number() })),
    /**
     * Each case of `casos` with its amounts (the latest inspection's; null without one): the latest
     * closed first, at most INFORME_POR_CASO_MAX (then fewer than `casos`).
     */
    porCaso: z.array(
      z.object({ id: z.number(), ofrecido: z.number().nullable(), acordado: z.number(), inspeccionado: z.number().nullable() }),
    ),
  }),
  /** Payments marked paid in the period (fecha_pago); `casos` the cases they were paid on (the list `filtro` opens). */
  pagos: z.object({ cantidad: z.number(), total: z.number(), casos: z.number(), filtro }),
  /** Legal clocks whose end fell in the period while still running then; `casos` the cases holding them (the list `filtro` opens). */
  plazosVencidos: z.object({
    total: z.number(),
    casos: z.number(),
    filtro,
    porPlazo: z.array(z.object({ codigo: z.string(), nombre: z.string(), total: z.number() })),
  }),
  /** The INFORME_TENDENCIA_MESES months ending with `hasta`, oldest first. */
  tendencia: z.array(tendenciaMes),
});
export type Informe = z.infer<typeof informeResponse>;

/** Recipients of a company's monthly e-mail (Admin only). */
export const informeDestinatariosSchema = z.strictObject({
  destinatarios: z
    .array(z.string().trim().toLowerCase().email('Correo inválido').max(254))
    .min(1, INFORME_MESSAGES.sinDestinatarios)
    .max(20),
});
export const informeDestinatariosResponse = z.array(
  z.object({ id_compania: z.number(), compania: z.string(), destinatarios: z.array(z.string()) }),
);

/** GET /api/informes/enviados: the copies of the e-mails sent. */
export const informeEnviadoResponse = z.object({
  id: z.number(),
  id_compania: z.number(),
  compania: z.string(),
  mes: yearMonth,
  destinatarios: z.array(z.string()),
  enviado: z.string(),
  /** The PDF sent: GET /api/informes/enviados/{id}.pdf */
  archivo: z.string(),
});
export const informeEnviadosResponse = z.array(informeEnviadoResponse);
export type InformeDestinatariosInput = z.infer<typeof informeDestinatariosSchema>;
