import { z } from 'zod';
import { addDiasHabiles, addYearsIso, daysBetweenIso } from '../shared/dias-habiles';
import { isoDate, text } from '../shared/fields';
import { addDaysIso } from '../shared/format';
import { withMessage } from '../shared/responses';

/**
 * Issue 18 item 3, plazos legales: the rules are rows of `plazos_legales` an Admin adjusts; each
 * case keeps the dates its clocks start from in `caso_plazos` (docs/decisions/044).
 */
export const PLAZO_EVENTOS = {
  siniestro: 'Fecha del siniestro',
  documentacion_completa: 'Documentación completa (el caso sale de Pendiente Documentación)',
  valor_acordado: 'Valor acordado (el caso pasa a Convenio)',
  audiencia: 'Audiencia de mediación (la última fijada)',
} as const;
export type PlazoEvento = keyof typeof PLAZO_EVENTOS;

export const PLAZO_UNIDADES = { dias_corridos: 'días corridos', dias_habiles: 'días hábiles', anios: 'años' } as const;
export type PlazoUnidad = keyof typeof PLAZO_UNIDADES;

/** A clock's state; 'realizada' is a hearing whose date has passed (it does not expire). */
export const PLAZO_ESTADOS = { en_plazo: 'En plazo', por_vencer: 'Por vencer', vencido: 'Vencido', realizada: 'Realizada' } as const;
export type PlazoEstado = keyof typeof PLAZO_ESTADOS;

/** The case list's filter 'Plazo'. */
export const PLAZO_FILTRO = { por_vencer: 'Por vencer', vencido: 'Vencido' } as const;
export type PlazoFiltro = keyof typeof PLAZO_FILTRO;

export const PLAZO_MESSAGES = {
  updated: 'Plazo actualizado',
  notFound: 'El plazo no existe',
  nombreRequired: 'El nombre es requerido',
  cantidad: 'La cantidad debe ser un número entero entre 0 y 3650',
  aviso: 'El aviso debe ser un número entero de días entre 0 y 365',
  unidad: 'La unidad debe ser días corridos, días hábiles o años',
  activo: 'Indique si el plazo está activo',
  ids: 'Indique hasta 100 casos',
  empty: 'El caso no tiene plazos en curso.',
  inicioCorregido: 'Inicio del plazo corregido',
  sinPlazo: 'El caso no tiene ese plazo en curso',
  eventoCorregible: 'Solo se corrige el inicio de Documentación completa o de Valor acordado',
  inicioFuturo: 'La fecha de inicio no puede ser posterior a hoy',
  historiaInicio: (evento: string, desde: string) => `Se corrige el inicio del plazo (${evento}): ${desde.split('-').reverse().join('/')}`,
} as const;

/**
 * The events whose day the office may correct (the documents arrived before the status was
 * changed, the amount was agreed before the case moved to Convenio); the loss date is edited on
 * the case and a hearing's on the hearing.
 */
export const PLAZO_EVENTOS_CORREGIBLES = ['documentacion_completa', 'valor_acordado'] as const;
export const plazoInicioSchema = z.strictObject({
  evento: z.enum(PLAZO_EVENTOS_CORREGIBLES, { error: PLAZO_MESSAGES.eventoCorregible }),
  desde: isoDate,
});
export type PlazoInicioInput = z.infer<typeof plazoInicioSchema>;

export type PlazoRegla = {
  codigo: string;
  nombre: string;
  evento: string;
  cantidad: number;
  unidad: string;
  aviso_dias: number;
  activo: boolean;
  fuente: string;
};

export const plazoReglaResponse = z.object({
  codigo: z.string(),
  nombre: z.string(),
  evento: z.string(),
  cantidad: z.number(),
  unidad: z.string(),
  aviso_dias: z.number(),
  activo: z.boolean(),
  fuente: z.string(),
});
export const plazoReglasResponse = z.array(plazoReglaResponse);
export const plazoReglaSavedResponse = withMessage(plazoReglaResponse);

const wholeNumber = (max: number, message: string) => z.coerce.number({ error: message }).int(message).min(0, message).max(max, message);

export const plazoUpdateSchema = z.strictObject({
  nombre: text(100, 1, PLAZO_MESSAGES.nombreRequired),
  cantidad: wholeNumber(3650, PLAZO_MESSAGES.cantidad),
  unidad: z.enum(Object.keys(PLAZO_UNIDADES) as [PlazoUnidad, ...PlazoUnidad[]], { error: PLAZO_MESSAGES.unidad }),
  aviso_dias: wholeNumber(365, PLAZO_MESSAGES.aviso),
  activo: z.boolean({ error: PLAZO_MESSAGES.activo }),
});
export type PlazoUpdateInput = z.infer<typeof plazoUpdateSchema>;
export const plazoCodigoParam = z.object({ codigo: z.string().regex(/^[a-z0-9_]{1,30}$/, PLAZO_MESSAGES.notFound) });

export const casoPlazoResponse = z.object({
  codigo: z.string(),
  nombre: z.string(),
  evento: z.string(),
  desde: z.string(),
  vence: z.string(),
  /** Calendar days from today to `vence` (negative once past). */
  dias: z.number(),
  estado: z.enum(Object.keys(PLAZO_ESTADOS) as [PlazoEstado, ...PlazoEstado[]]),
  fuente: z.string(),
});
export type CasoPlazo = z.infer<typeof casoPlazoResponse>;
export const casoPlazosResponse = z.array(casoPlazoResponse);

export const plazoEstadosBody = z.strictObject({
  ids: z.array(z.coerce.number().int().min(1).max(2_147_483_647), { error: PLAZO_MESSAGES.ids }).max(100, PLAZO_MESSAGES.ids),
});
/** The worst clock of each case asked for that is por vencer or vencido (a case in time is left out). */
export const plazoEstadosResponse = z.record(z.string(), z.enum(['por_vencer', 'vencido']));
export type PlazoEstados = z.infer<typeof plazoEstadosResponse>;

/** The day a clock that starts on `desde` runs out. */
export function vencimientoPlazo(desde: string, regla: Pick<PlazoRegla, 'cantidad' | 'unidad'>): string {
  if (regla.unidad === 'dias_habiles') return addDiasHabiles(desde, regla.cantidad);
  if (regla.unidad === 'anios') return addYearsIso(desde, regla.cantidad);
  return addDaysIso(desde, regla.cantidad);
}

/** Red once past, amber from `aviso_dias` calendar days before, green before that; a past hearing is done, not late. */
export function estadoPlazo(vence: string, today: string, regla: Pick<PlazoRegla, 'aviso_dias' | 'evento'>): PlazoEstado {
  const dias = daysBetweenIso(today, vence);
  if (dias < 0) return regla.evento === 'audiencia' ? 'realizada' : 'vencido';
  return dias <= regla.aviso_dias ? 'por_vencer' : 'en_plazo';
}

/**
 * The latest start date whose clock runs out on or before `limit`: the clock's end never moves
 * back when its start moves forward, so "run out by `limit`" is "started on or before this day",
 * which the case list filters on an index (docs/decisions/044).
 */
export function ultimoInicioQueVenceAntesDe(regla: Pick<PlazoRegla, 'cantidad' | 'unidad'>, limit: string): string {
  let desde = regla.unidad === 'anios' ? addDaysIso(addYearsIso(limit, -regla.cantidad), 2) : addDaysIso(limit, -regla.cantidad);
  while (vencimientoPlazo(desde, regla) > limit) desde = addDaysIso(desde, -1);
  return desde;
}

export const formatPlazoRegla = (regla: Pick<PlazoRegla, 'cantidad' | 'unidad'>) =>
  `${regla.cantidad} ${PLAZO_UNIDADES[regla.unidad as PlazoUnidad] ?? regla.unidad}`;
