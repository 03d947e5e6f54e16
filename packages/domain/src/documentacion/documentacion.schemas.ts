import { z } from 'zod';
import { optionalText, positiveId } from '../shared/fields';
import { CONVENIO_DATOS_LABELS, datosAdicionalesDe, errorDeCbu } from './convenios';
import { CONVENIO_MESSAGES, CONVENIO_TEMPLATES, DOCUMENTACION_MESSAGES, isSafeFileName } from './documentacion.constants';

/** A stored document's name as a request carries it (spec §7 Documents). */
export const documentName = z
  .string({ error: DOCUMENTACION_MESSAGES.badName })
  .refine(isSafeFileName, DOCUMENTACION_MESSAGES.badName);

/** GET /documentacion/downloadfile/?id={caseId}&name={file}. */
export const downloadQuery = z.object({ id: positiveId, name: documentName });

/** DELETE /documentacion/{caseId}?name={file} (decision 000). */
export const deleteDocumentQuery = z.object({ name: documentName });

/** POST /documentacion/d/{caseId} {doc, usuario} (spec §7; the user comes from the session). */
export const deleteDocumentSchema = z.strictObject({ doc: documentName, usuario: z.unknown().optional() });

const CONVENIO_NAMES = CONVENIO_TEMPLATES.map((template) => template.nombre) as [string, ...string[]];

/**
 * POST /documentacion/c/{caseId} {convenioFile: [template names], id_tercero}; a lone name is accepted too.
 * id_tercero names the third party the set is for; it may be left out when the case has only one.
 */
export const convenioSchema = z
  .strictObject({
    convenioFile: z
      .union([z.enum(CONVENIO_NAMES, { error: CONVENIO_MESSAGES.unknownTemplate }), z.array(z.enum(CONVENIO_NAMES, { error: CONVENIO_MESSAGES.unknownTemplate }))], {
        error: CONVENIO_MESSAGES.noneSelected,
      })
      .transform((value) => [...new Set([value].flat())])
      .refine((names) => names.length > 0, CONVENIO_MESSAGES.noneSelected),
    id_tercero: positiveId.optional(),
    // What the No Titular and Apoderado texts name beyond the case (required when one of them is chosen).
    titular_nombre: optionalText(150),
    titular_documento: optionalText(40),
    caracter: optionalText(100),
    apoderado_nombre: optionalText(150),
    apoderado_documento: optionalText(40),
    poder: optionalText(300),
    // The payee's account; left out, the third party's stored CBU is used.
    cbu: optionalText(50).superRefine((value, context) => {
      const error = value === null ? null : errorDeCbu(value);
      if (error) context.addIssue({ code: 'custom', message: error });
    }),
    usuario: z.unknown().optional(),
    fecha: z.unknown().optional(),
  })
  .superRefine((body, context) => {
    for (const campo of datosAdicionalesDe(body.convenioFile)) {
      if (!body[campo]) context.addIssue({ code: 'custom', path: [campo], message: CONVENIO_MESSAGES.required(CONVENIO_DATOS_LABELS[campo]) });
    }
  });
export type ConvenioRequest = z.output<typeof convenioSchema>;
/** What a client sends for the convenios (the schema's input). */
export type ConvenioBody = z.input<typeof convenioSchema>;

/** GET /documentacion/listado/{caseId}: the stored file names. */
export const documentosResponse = z.array(z.string());
/** POST /documentacion/t/{caseId}: the names the uploads were stored under. */
export const documentosSubidosResponse = z.object({ message: z.string(), files: z.array(z.string()) });
