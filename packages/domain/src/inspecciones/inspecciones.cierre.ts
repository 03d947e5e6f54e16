import { z } from 'zod';
import { INSPECCION_FOTOS, INSPECCION_FOTOS_MESSAGES, fotoMetaSchema } from './inspecciones.fotos';
import { inspeccionCloseSchema, inspeccionSavedResponse } from './inspecciones.schemas';

/**
 * Issue 43 item 3 (docs/decisions/091): the close a phone sends once it has signal again,
 * POST /api/inspeccion/d/{id}/cierre. Its files went up before as resumable uploads (tus,
 * purpose 'inspeccion', this inspection's id); the body names them and carries `clave`, a UUID made
 * on the device: the same clave again after the close succeeded answers 200 `repetido: true` and
 * writes nothing.
 */
export const INSPECCION_CIERRE = {
  /** An upload's id (tus URL's last segment). */
  subidaMax: 32,
} as const;

/** The `code` of each refusal the phone shows as it is (besides the Spanish `message`). */
export const INSPECCION_CIERRE_CODES = {
  reasignada: 'reasignada',
  noExiste: 'no_existe',
  finalizada: 'finalizada',
  casoCambiado: 'caso_cambiado',
  antesDeFecha: 'antes_de_fecha',
  claveUsada: 'clave_usada',
  subidaNoEncontrada: 'subida_no_encontrada',
  subidaUsada: 'subida_usada',
  subidaSinTerminar: 'subida_sin_terminar',
  subidaOtroDestino: 'subida_otro_destino',
  subidaTipo: 'subida_tipo',
} as const;
export type InspeccionCierreCode = (typeof INSPECCION_CIERRE_CODES)[keyof typeof INSPECCION_CIERRE_CODES];

/**
 * The refusals of a close's uploads that new uploads of the same files mend (an upload expired and
 * swept on the server, left unfinished, spent or made for another inspection): the phone uploads
 * again from the files it keeps and sends the close once more (docs/decisions/105). Not
 * `subida_tipo`: the same file would be refused again.
 */
export const INSPECCION_CIERRE_RESUBIR: readonly string[] = [
  INSPECCION_CIERRE_CODES.subidaNoEncontrada,
  INSPECCION_CIERRE_CODES.subidaSinTerminar,
  INSPECCION_CIERRE_CODES.subidaUsada,
  INSPECCION_CIERRE_CODES.subidaOtroDestino,
];

export const INSPECCION_CIERRE_MESSAGES = {
  reasignada: 'La inspección fue reasignada a otro inspector: su cierre no se envió. Avise a la oficina.',
  noExiste: 'La inspección fue eliminada por la oficina: su cierre no se envió. Avise a la oficina.',
  finalizada: 'La inspección ya fue finalizada con otro cierre: este cierre no se envió. Avise a la oficina.',
  casoCambiado: 'El caso ya no espera la inspección (la oficina lo avanzó o lo cerró): su cierre no se envió. Avise a la oficina.',
  /** A file's role, then what the upload's refusal says ('Cotizacion: Este archivo ya fue usado...'). */
  archivo: (rol: string, mensaje: string) => `${rol}: ${mensaje}`,
  /** The roles named in those messages. */
  rolInspeccion: 'Doc de la Inspeccion',
  rolCotizacion: 'Cotizacion',
  rolFoto: (n: number) => `Foto ${n}`,
  claveUsada: 'Este cierre ya se usó para otra inspección: no se envió. Avise a la oficina.',
  subidaRepetida: 'El mismo archivo subido se envió para más de un documento',
  clave: 'La clave del cierre debe ser un UUID',
  subida: 'Falta el archivo subido',
} as const;

const subidaId = z
  .string({ error: INSPECCION_CIERRE_MESSAGES.subida })
  .trim()
  .min(1, INSPECCION_CIERRE_MESSAGES.subida)
  .max(INSPECCION_CIERRE.subidaMax, INSPECCION_CIERRE_MESSAGES.subida);

/** The close's idempotency key, made on the device (crypto.randomUUID()). */
export const inspeccionCierreClave = z.uuid({ error: INSPECCION_CIERRE_MESSAGES.clave });

/** One photo of the close: its upload and the metadata the multipart close sends as foto_meta. */
export const inspeccionCierreFotoSchema = fotoMetaSchema.extend({ subida: subidaId });
export type InspeccionCierreFoto = z.infer<typeof inspeccionCierreFotoSchema>;

/** POST /inspeccion/d/{id}/cierre: the close's rules and messages (inspeccionCloseSchema) plus the uploads and the clave. */
export const inspeccionCierreSchema = z.strictObject({
  clave: inspeccionCierreClave,
  ...inspeccionCloseSchema.shape,
  inspeccion: subidaId,
  cotizacion: subidaId,
  fotos: z
    .array(inspeccionCierreFotoSchema)
    .max(INSPECCION_FOTOS.max, INSPECCION_FOTOS_MESSAGES.demasiadas)
    .default([]),
  /** true: the inspector knowingly closes before the scheduled date (the multipart close's confirma_anticipada). */
  confirma_anticipada: z.boolean().optional(),
});
export type InspeccionCierreInput = z.infer<typeof inspeccionCierreSchema>;

/** 200: what the multipart close answers, and whether this clave had closed it already. */
export const inspeccionCierreResponse = inspeccionSavedResponse.extend({ repetido: z.boolean() });
export type InspeccionCierreResponse = z.infer<typeof inspeccionCierreResponse>;
