import { z } from 'zod';
import { optionalFilterDate, optionalFilterId } from '../shared/fields';
import { decimalString } from '../shared/responses';

/** Spec §7, POST /casos/filtrovalores: company and a closing-date range (inclusive); empty means "any". */
export const valoresFiltroSchema = z.strictObject({
  compania: optionalFilterId,
  fechaDesde: optionalFilterDate,
  fechaHasta: optionalFilterDate,
});
export type ValoresFiltro = z.infer<typeof valoresFiltroSchema>;

/** One closed case of the values report (spec §2, Values report columns). */
export const valoresRowResponse = z.object({
  id: z.number(),
  id_estado: z.number(),
  nombre_compania: z.string(),
  /** Status name. */
  estado: z.string(),
  producto: z.string().nullable(),
  fecha_creado: z.string(),
  fecha_cierre: z.string().nullable(),
  /** Amount of the case's latest Finalizada inspection, null if none. */
  monto_inspeccion: decimalString.nullable(),
  valor_ofertado: decimalString.nullable(),
  /** The amount agreed when the offer was accepted (decision 036), null before. */
  valor_acordado: decimalString.nullable(),
  /** The paid transfers of the agreed amount, and what is left of it (null when nothing was agreed; docs/decisions/082). */
  valor_pagado: decimalString,
  valor_pendiente: decimalString.nullable(),
});
export type ValoresRow = z.infer<typeof valoresRowResponse>;

/** GET /casos/valores/ and POST /casos/filtrovalores/ (spec §7). */
export const valoresPageResponse = z.object({ casos: z.array(valoresRowResponse), totalPages: z.number(), totalCount: z.number() });
export type ValoresPage = z.infer<typeof valoresPageResponse>;

/** Spec §2, values report: the counter labels and the empty list text. */
export const VALORES_MESSAGES = { filtrados: 'Filtrados', total: 'Cerrados', empty: 'No hay casos cerrados' } as const;
