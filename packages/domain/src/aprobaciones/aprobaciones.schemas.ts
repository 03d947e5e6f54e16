import { z } from 'zod';
import { money, pagingQuery } from '../shared/fields';
import { formatPesos } from '../shared/format';
import { decimalString } from '../shared/responses';

/**
 * Authority limits (issue 41 item 5, docs/decisions/081): a User's offer limit; an offer or a
 * reconsideration above it waits for an Admin, or a User whose limit covers it.
 */
export const APROBACION_TIPOS = {
  ofrecimiento: 'Ofrecimiento',
  reconsideracion: 'Reconsideración',
} as const;
export type AprobacionTipo = keyof typeof APROBACION_TIPOS;

export const APROBACION_ESTADOS = {
  pendiente: 'Pendiente',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
} as const;
export type AprobacionEstado = keyof typeof APROBACION_ESTADOS;

export const APROBACION_MESSAGES = {
  pendiente: 'El ofrecimiento supera su límite de autorización y queda pendiente de aprobación',
  yaPendiente: 'El caso ya tiene un ofrecimiento pendiente de aprobación',
  notFound: 'La aprobación no existe',
  yaResuelta: 'La aprobación ya fue resuelta',
  propia: 'No puede aprobar ni rechazar su propio ofrecimiento',
  limiteInsuficiente: 'Su límite de autorización no alcanza para este ofrecimiento',
  aprobada: 'Ofrecimiento aprobado',
  rechazada: 'Ofrecimiento rechazado',
  motivo: 'Debe ingresar un motivo',
  /** The reason of a request rejected by the case's closing. */
  casoCerrado: (motivoCierre: string) => `El caso se cerró (${motivoCierre})`,
  limite: 'Límite de ofrecimiento',
  limiteDescripcion: 'Vacío: sin límite. Un ofrecimiento mayor queda pendiente de aprobación.',
  limiteNoNegativo: 'El límite no puede ser negativo',
  sinLimite: 'Sin límite',
  titulo: 'Aprobaciones pendientes',
  vacio: 'No hay ofrecimientos pendientes de aprobación.',
} as const;

/** The history rows of the case (docs/decisions/081). */
export const APROBACION_HISTORIA = {
  pendiente: (tipo: AprobacionTipo, monto: string, usuario: string, limite: string) =>
    `${APROBACION_TIPOS[tipo]} de ${formatPesos(monto)} pendiente de aprobación (límite de ${usuario}: ${formatPesos(limite)})`,
  aprobada: (tipo: AprobacionTipo, monto: string, usuario: string) =>
    `${APROBACION_TIPOS[tipo]} de ${formatPesos(monto)} aprobado por ${usuario}`,
  rechazada: (tipo: AprobacionTipo, monto: string, usuario: string, motivo: string) =>
    `${APROBACION_TIPOS[tipo]} de ${formatPesos(monto)} rechazado por ${usuario}. Motivo: ${motivo}`,
} as const;

/** The approver's task and the bell's items (docs/decisions/081). */
export const APROBACION_AVISOS = {
  tarea: (tipo: AprobacionTipo, monto: string, usuario: string) =>
    `Aprobar o rechazar: ${APROBACION_TIPOS[tipo].toLowerCase()} de ${formatPesos(monto)} solicitado por ${usuario}`,
  pedida: (tipo: AprobacionTipo, monto: string, usuario: string) =>
    `${APROBACION_TIPOS[tipo]} de ${formatPesos(monto)} solicitado por ${usuario}`,
  aprobada: (tipo: AprobacionTipo, monto: string, usuario: string) =>
    `${APROBACION_TIPOS[tipo]} de ${formatPesos(monto)} aprobado por ${usuario}`,
  rechazada: (tipo: AprobacionTipo, monto: string, usuario: string, motivo: string) =>
    `${APROBACION_TIPOS[tipo]} de ${formatPesos(monto)} rechazado por ${usuario}: ${motivo}`.slice(0, 500),
} as const;

/** Cents of a decimal amount ('101000.01' → 10100001): amounts below 1e13 stay exact. */
const centavos = (value: string) => Math.round(Number(value) * 100);

/** The amount exceeds the limit; a null limit is no limit. */
export function superaLimite(monto: string, limite: string | null): boolean {
  return limite !== null && centavos(monto) > centavos(limite);
}

/**
 * Who may resolve a pending request (docs/decisions/081): never its requester; an Admin always; a
 * User whose limit covers the amount (none = unlimited); nobody else.
 */
export function puedeResolver(
  quien: { id: number; esAdmin: boolean; esUser: boolean; limite: string | null },
  aprobacion: { id_usuario_solicitante: number; monto: string },
): boolean {
  if (quien.id === aprobacion.id_usuario_solicitante) return false;
  if (quien.esAdmin) return true;
  return quien.esUser && !superaLimite(aprobacion.monto, quien.limite);
}

/** A User's limit as the Usuarios form sends it: '' or null is no limit. */
export const limiteOfrecimiento = z.preprocess((value) => (value === '' ? null : value), money.nullish());

export const aprobacionResponse = z.object({
  id: z.number(),
  id_caso: z.number(),
  reclamo_nro: z.string(),
  tipo: z.enum(Object.keys(APROBACION_TIPOS) as [AprobacionTipo, ...AprobacionTipo[]]),
  monto: decimalString,
  /** What the offer form or the reconsideration sent, applied as is when approved. */
  datos: z.record(z.string(), z.unknown()),
  solicitado_por: z.string(),
  id_usuario_solicitante: z.number(),
  /** UTC, ISO 8601. */
  solicitada: z.string(),
  estado: z.enum(Object.keys(APROBACION_ESTADOS) as [AprobacionEstado, ...AprobacionEstado[]]),
  resuelta_por: z.string().nullable(),
  resuelta: z.string().nullable(),
  motivo: z.string().nullable(),
  /** The signed-in user may approve or reject it. */
  puede_resolver: z.boolean(),
});
export type Aprobacion = z.infer<typeof aprobacionResponse>;

export const aprobacionesQuery = pagingQuery.extend({
  estado: z
    .enum(Object.keys(APROBACION_ESTADOS) as [AprobacionEstado, ...AprobacionEstado[]], { error: 'Estado inválido' })
    .default('pendiente'),
});
export type AprobacionesQuery = z.infer<typeof aprobacionesQuery>;

export const aprobacionesPageResponse = z.object({ data: z.array(aprobacionResponse), total: z.number(), totalPages: z.number() });
export type AprobacionesPage = z.infer<typeof aprobacionesPageResponse>;

/** GET /aprobaciones/caso/{id}: the case's pending request, and the signed-in user's own limit. */
export const aprobacionDelCasoResponse = z.object({
  pendiente: aprobacionResponse.nullable(),
  /** The signed-in user's offer limit; null: none. */
  limite: decimalString.nullable(),
});
export type AprobacionDelCaso = z.infer<typeof aprobacionDelCasoResponse>;

export const rechazarAprobacionSchema = z.strictObject({
  motivo: z
    .string({ error: APROBACION_MESSAGES.motivo })
    .trim()
    .min(1, APROBACION_MESSAGES.motivo)
    .max(2000, 'Debe tener maximo 2000 caracteres'),
});
export type RechazarAprobacionRequest = z.input<typeof rechazarAprobacionSchema>;

export const aprobacionResueltaResponse = z.object({ message: z.string(), id_estado: z.number() });

/**
 * The answer of '+ Ofrecimiento' and 'Reconsiderar': 200 when applied; 202 with `pendiente` when
 * above the user's limit (the case unchanged, `id_aprobacion` the request waiting).
 */
export const ofrecimientoResponse = z.object({
  message: z.string(),
  id_estado: z.number(),
  pendiente: z.boolean().optional(),
  id_aprobacion: z.number().optional(),
});
export type OfrecimientoResponse = z.infer<typeof ofrecimientoResponse>;
