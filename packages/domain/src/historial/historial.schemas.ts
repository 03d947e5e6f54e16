import { z } from 'zod';
import { positiveId } from '../shared/fields';
import { savedResponse } from '../shared/responses';

export const HISTORIAL_MAX = 2000;
export const HISTORIAL_MESSAGES = {
  empty: 'El msj no puede estar vacio',
  tooLong: `El mensaje debe tener maximo ${HISTORIAL_MAX} caracteres`,
  saved: 'Mensaje guardado exitosamente',
} as const;

export const historialMsg = z
  .string({ error: HISTORIAL_MESSAGES.empty })
  .trim()
  .min(1, HISTORIAL_MESSAGES.empty)
  .max(HISTORIAL_MAX, HISTORIAL_MESSAGES.tooLong);

export const historialEntrySchema = z.strictObject({
  id_caso: positiveId,
  msg: historialMsg,
  usuario: z.unknown().optional(),
  fecha: z.unknown().optional(),
});
export const historialWrappedSchema = z.strictObject({ historia: historialEntrySchema });

export const historialEntryResponse = z.object({ id: z.number(), id_caso: z.number(), fecha: z.string(), msg: z.string(), usuario: z.string() });
export type HistorialEntry = z.infer<typeof historialEntryResponse>;
export const historialListResponse = z.array(historialEntryResponse);
export const historialSavedResponse = savedResponse(historialEntryResponse);
