import { COND_CASOS, FLAGS, formatDate, PLAZO_FILTRO, SIN_ANALISTA } from '@siniestros/domain';
import type { CasoFiltroDraft } from '../api/filtro-draft';
import type { CasosSummary } from '../api/get-casos';
import { lookupOptions } from '../../../components/FilterPanel';

/** The panel's fields by their label (spec §2), in the panel's order: the panel and its chips name them alike. */
export const FILTRO_LABELS = {
  nroCaso: 'Nro Caso',
  nroSiniestro: 'Nro Siniestro',
  dominio: 'Dominio',
  estado: 'Estado',
  condCasos: 'Condición',
  compania: 'Compañia',
  analista: 'Analista',
  flag: 'Etiqueta',
  apellido: 'Apellido',
  producto: 'Producto',
  plazo: 'Plazo',
  fechaDesde: 'Fecha Desde',
  fechaHasta: 'Fecha Hasta',
  fechaEstadoDesde: 'Cambio de estado desde',
  fechaEstadoHasta: 'Cambio de estado hasta',
  // Set by the Informes screen's links only (docs/decisions/102): chips, no panel field.
  pagadoDesde: 'Pagado desde',
  pagadoHasta: 'Pagado hasta',
  plazoVencidoDesde: 'Plazo vencido desde',
  plazoVencidoHasta: 'Plazo vencido hasta',
  abiertoAl: 'Abierto al',
  estadoAl: 'Estado a esa fecha',
} as const satisfies Partial<Record<keyof CasoFiltroDraft, string>>;

export type FiltroChipKey = keyof typeof FILTRO_LABELS;
/** Fields only a link sets (the Informes screen's figures): the panel has no input for them, so their chips show with it open too. */
export const FILTRO_SIN_CAMPO: ReadonlySet<FiltroChipKey> = new Set<FiltroChipKey>([
  'pagadoDesde',
  'pagadoHasta',
  'plazoVencidoDesde',
  'plazoVencidoHasta',
  'abiertoAl',
  'estadoAl',
]);
export type FiltroChip = { key: FiltroChipKey; label: string; value: string };

export const COND_OPTIONS = [
  { value: COND_CASOS.TODOS, label: 'Todos' },
  { value: COND_CASOS.VIGENTES, label: 'Vigentes' },
  { value: COND_CASOS.CERRADOS, label: 'Cerrados' },
];
export const PLAZO_OPTIONS = Object.entries(PLAZO_FILTRO).map(([value, label]) => ({ value, label }));
export const FLAG_OPTIONS = FLAGS.map((flag) => ({ value: String(flag.nro), label: flag.label }));

export const analistaOptions = (summary: CasosSummary | undefined) => [
  { value: SIN_ANALISTA, label: 'Sin Analista' },
  ...(summary?.analistas ?? []).map((analista) => ({ value: String(analista.id), label: `${analista.apellido} ${analista.nombre}` })),
];

const DATES = new Set<FiltroChipKey>([
  'fechaDesde',
  'fechaHasta',
  'fechaEstadoDesde',
  'fechaEstadoHasta',
  'pagadoDesde',
  'pagadoHasta',
  'plazoVencidoDesde',
  'plazoVencidoHasta',
  'abiertoAl',
]);

/**
 * The applied filter's fields as chips, 'label: value' as the office reads them (a company's name,
 * a date dd/mm/yyyy). Condición 'Todos' filters nothing and makes no chip; the quick search has its own box.
 */
export function filtroChips(applied: CasoFiltroDraft, summary: CasosSummary | undefined): FiltroChip[] {
  const options: Partial<Record<FiltroChipKey, { value: string; label: string }[]>> = {
    estado: lookupOptions(summary?.estados),
    estadoAl: lookupOptions(summary?.estados),
    condCasos: COND_OPTIONS,
    compania: lookupOptions(summary?.companias),
    analista: analistaOptions(summary),
    flag: FLAG_OPTIONS,
    producto: lookupOptions(summary?.productos),
    plazo: PLAZO_OPTIONS,
  };
  return (Object.keys(FILTRO_LABELS) as FiltroChipKey[]).flatMap((key) => {
    const raw = applied[key];
    if (!raw || (key === 'condCasos' && raw === COND_CASOS.TODOS)) return [];
    const value = DATES.has(key) ? formatDate(raw) : (options[key]?.find((option) => option.value === raw)?.label ?? raw);
    return [{ key, label: FILTRO_LABELS[key], value }];
  });
}
