import { z } from 'zod';
import { optionalText, positiveId, text } from '../shared/fields';
import { savedResponse } from '../shared/responses';

export const LETRADO_MESSAGES = {
  saved: 'Letrado accionado exitosamente',
  created: 'Se creo el Letrado',
  updated: 'Se actualizo informacion del Letrado',
  mail: 'Debe ser un correo electrónico válido',
  notFound: 'El letrado no existe',
} as const;

const MAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5, Letrado. */
export const letradoFields = {
  apellido: text(50, 1, 'El apellido es requerido'),
  nombre: optionalText(50),
  fijo: optionalText(20),
  cel: optionalText(20),
  cuit: optionalText(20),
  cbu: optionalText(50),
  mail: z
    .string()
    .trim()
    .max(200)
    .refine((value) => value === '' || MAIL_RE.test(value), LETRADO_MESSAGES.mail)
    .nullish()
    .transform((value) => (value ? value : null)),
};

export const letradoCreateSchema = z.strictObject({
  id_caso: positiveId,
  ...letradoFields,
  msg: z.string().max(3000).optional(),
  usuario: z.unknown().optional(),
  fecha: z.unknown().optional(),
});

export const letradoUpdateSchema = z.strictObject({
  id: positiveId.optional(),
  id_letrado: z.unknown().optional(),
  id_caso: positiveId.optional(),
  ...letradoFields,
  msg: z.string().max(3000).optional(),
  usuario: z.unknown().optional(),
  fecha: z.unknown().optional(),
});

export type LetradoInput = z.output<typeof letradoCreateSchema>;
/** What a client sends to create or update the case's lawyer (the case id aside). */
export type LetradoRequest = Omit<z.input<typeof letradoCreateSchema>, 'id_caso'>;
export type LetradoUpdate = z.output<typeof letradoUpdateSchema>;

export const letradoResponse = z.object({
  id: z.number(),
  id_caso: z.number(),
  apellido: z.string(),
  nombre: z.string().nullable(),
  fijo: z.string().nullable(),
  cel: z.string().nullable(),
  mail: z.string().nullable(),
  cuit: z.string().nullable(),
  cbu: z.string().nullable(),
});
export type Letrado = z.infer<typeof letradoResponse>;
export const letradoSavedResponse = savedResponse(letradoResponse);
