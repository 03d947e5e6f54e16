import { z } from 'zod';
import { errorDeCbu } from '../documentacion/convenios';
import { decimalString } from '../shared/responses';
import { editVersion, isoDate, money, optionalText, positiveId, text } from '../shared/fields';
import { PAGO_BENEFICIARIOS, PAGO_ESTADOS, PAGO_MESSAGES } from './pagos.constants';

/** A payment as the API answers it (docs/decisions/082); `documento` is the receipt's file name. */
export const pagoSchema = z.object({
  id: z.number(),
  id_caso: z.number(),
  id_tercero: z.number().nullable(),
  beneficiario: z.enum(PAGO_BENEFICIARIOS),
  beneficiario_nombre: z.string(),
  cbu: z.string(),
  monto: decimalString,
  fecha_solicitud: z.string(),
  estado: z.enum(PAGO_ESTADOS),
  fecha_pago: z.string().nullable(),
  id_documento: z.number().nullable(),
  documento: z.string().nullable(),
  creado_por: z.string(),
  version: z.number(),
  motivo_anulacion: z.string().nullable(),
});
export type Pago = z.infer<typeof pagoSchema>;

/**
 * The case's amounts, pesos with two decimals: `pagado` the paid transfers, `ordenado` the orders
 * not paid yet, `pendiente` agreed minus paid, `por_ordenar` agreed minus paid and ordered.
 */
export const pagosTotalesSchema = z.object({
  acordado: decimalString.nullable(),
  pagado: decimalString,
  ordenado: decimalString,
  pendiente: decimalString,
  por_ordenar: decimalString,
});
export type PagosTotales = z.infer<typeof pagosTotalesSchema>;

export const pagosDelCasoResponse = pagosTotalesSchema.extend({ pagos: z.array(pagoSchema) });
export type PagosDelCaso = z.infer<typeof pagosDelCasoResponse>;
export const pagoSavedResponse = z.object({ message: z.string(), data: pagoSchema });

/** GET /pagos/tablero: the unpaid orders of the office, the overdue ones and the oldest of them. */
export const pagosTableroResponse = z.object({
  hoy: z.string(),
  /** Orders requested before this day are overdue. */
  vencidoAntesDe: z.string(),
  ordenados: z.number(),
  vencidos: z.number(),
  ordenadoTotal: decimalString,
  masAntiguos: z.array(
    z.object({ id: z.number(), id_caso: z.number(), beneficiario_nombre: z.string(), monto: decimalString, fecha_solicitud: z.string() }),
  ),
});
export type PagosTablero = z.infer<typeof pagosTableroResponse>;

export const pagoParams = z.object({ id: positiveId, idPago: positiveId });

/** A typed CBU: spaces and dashes allowed, 22 digits with both check digits right. */
const cbuField = optionalText(50).superRefine((value, ctx) => {
  const error = value === null ? null : errorDeCbu(value);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

/** POST /casos/{id}/pagos, 'Ordenar pago': without `cbu` the payee's stored one is used. */
export const ordenarPagoSchema = z.strictObject({
  id_tercero: positiveId,
  beneficiario: z.enum(PAGO_BENEFICIARIOS),
  monto: money.refine((value) => Number(value) > 0, PAGO_MESSAGES.montoPositivo),
  cbu: cbuField,
  fecha_solicitud: isoDate,
});
export type OrdenarPagoRequest = z.input<typeof ordenarPagoSchema>;

/** PATCH /casos/{id}/pagos/{idPago}/pagado, 'Registrar pago': the transfer date and the receipt (a case document's name). */
export const registrarPagoSchema = z.strictObject({
  fecha_pago: isoDate,
  documento: text(200, 1, PAGO_MESSAGES.comprobante),
  version: editVersion,
});
export type RegistrarPagoRequest = z.input<typeof registrarPagoSchema>;

/** PATCH /casos/{id}/pagos/{idPago}/anular. */
export const anularPagoSchema = z.strictObject({
  motivo: text(1000, 1, PAGO_MESSAGES.motivo),
  version: editVersion,
});
export type AnularPagoRequest = z.input<typeof anularPagoSchema>;

/**
 * Closing "con acuerdo" with part of the agreed amount unpaid: an Admin's reason (docs/decisions/082).
 * Spread into the close, advance and status bodies.
 */
export const cierreConPendienteField = { motivo_pago_pendiente: optionalText(1000) };
