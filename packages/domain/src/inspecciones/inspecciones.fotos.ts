import { z } from 'zod';
import { positiveId, text } from '../shared/fields';

/**
 * Issue 43 items 4 and 6: the inspection's guided photos and the 'Informe fotográfico'
 * (docs/decisions/086). The checklist is reference data an Admin edits; the photos arrive with
 * the close (PATCH /inspeccion/d/{id}) and become case documents of type 'Foto'.
 */
export const INSPECCION_FOTOS = {
  /** Most photos one close takes (besides the two required files). */
  max: 40,
  /** Multipart protocol: for each photo, a text field `foto_meta` (JSON, fotoMetaSchema) right before its file field `foto`. */
  campoMeta: 'foto_meta',
  campoFoto: 'foto',
  /** The case document type of a photo (spec §3): Foto.jpg, Foto_02.jpg... */
  tipo: 'Foto',
  /** pdfkit embeds JPEG and PNG only; the phone compresses to JPEG. */
  extensiones: ['jpg', 'jpeg', 'png'],
  /** The document the close files with its photos: a generated PDF of type Informe_Fotografico. */
  informeTipo: 'Informe_Fotografico',
  informeArchivo: 'Informe_Fotografico.pdf',
  porPagina: [1, 2, 4],
  /** Photos per page of the report filed with the close. */
  porPaginaAlCerrar: 2,
  /** The caption of a photo outside the checklist. */
  leyendaExtra: 'Foto adicional',
  /** The phone resizes every photo to this longest side before sending it (JPEG). */
  ladoMaximoPx: 1600,
  calidadJpeg: 0.8,
} as const;
export type FotosPorPagina = (typeof INSPECCION_FOTOS.porPagina)[number];

/** The checklist seeded by drizzle/0045 (the Admin changes it on 'Checklist de fotos'). */
export const FOTO_CHECKLIST_INICIAL = [
  { nombre: 'Frente', multiple: false },
  { nombre: 'Trasera', multiple: false },
  { nombre: 'Lateral izquierdo', multiple: false },
  { nombre: 'Lateral derecho', multiple: false },
  { nombre: 'Daños', multiple: true },
  { nombre: 'Odómetro', multiple: false },
  { nombre: 'Número de chasis', multiple: false },
  { nombre: 'Cédula del vehículo', multiple: false },
] as const;

export const INSPECCION_FOTOS_MESSAGES = {
  demasiadas: `Se pueden adjuntar hasta ${INSPECCION_FOTOS.max} fotos por inspección`,
  tipoInvalido: 'Las fotos deben ser imágenes JPG o PNG',
  ilegible: (n: number) => `La foto ${n} no se pudo leer como imagen: vuelva a tomarla`,
  sinDatos: 'Cada foto debe enviarse con sus datos (foto_meta) inmediatamente antes',
  datosInvalidos: (detalle: string) => `Los datos de la foto no son válidos: ${detalle}`,
  itemNoExiste: 'El ítem del checklist de fotos no existe',
  itemUnaSola: (nombre: string) => `El ítem '${nombre}' admite una sola foto`,
  sinFotos: 'La inspección no tiene fotos',
  latitud: 'La latitud debe estar entre -90 y 90',
  longitud: 'La longitud debe estar entre -180 y 180',
  capturada: 'La fecha de captura no es válida',
  porPagina: 'Fotos por página: 1, 2 o 4',
  checklistCreado: 'Ítem del checklist creado exitosamente',
  checklistActualizado: 'Ítem del checklist actualizado exitosamente',
  checklistLoadError: 'Error al obtener el checklist de fotos',
} as const;

/** What the phone sends before each photo (a JSON text field). */
export const fotoMetaSchema = z.strictObject({
  /** Null or absent: an extra photo outside the checklist. */
  id_checklist: positiveId.nullish(),
  capturada_en: z.iso.datetime({ offset: true, error: INSPECCION_FOTOS_MESSAGES.capturada }),
  latitud: z.number({ error: INSPECCION_FOTOS_MESSAGES.latitud }).min(-90, INSPECCION_FOTOS_MESSAGES.latitud).max(90, INSPECCION_FOTOS_MESSAGES.latitud).nullish(),
  longitud: z
    .number({ error: INSPECCION_FOTOS_MESSAGES.longitud })
    .min(-180, INSPECCION_FOTOS_MESSAGES.longitud)
    .max(180, INSPECCION_FOTOS_MESSAGES.longitud)
    .nullish(),
});
export type FotoMeta = z.infer<typeof fotoMetaSchema>;

/** GET /inspeccion/{id}/informe-fotografico?por_pagina=1|2|4 (2 when absent). */
export const informeFotograficoQuery = z.object({
  por_pagina: z.coerce
    .number({ error: INSPECCION_FOTOS_MESSAGES.porPagina })
    .refine((value): value is FotosPorPagina => (INSPECCION_FOTOS.porPagina as readonly number[]).includes(value), INSPECCION_FOTOS_MESSAGES.porPagina)
    .default(INSPECCION_FOTOS.porPaginaAlCerrar),
});

export const informeFotograficoNombre = (idInspeccion: number, porPagina: number) =>
  `inspeccion_${idInspeccion}_informe_fotografico_${porPagina}.pdf`;

/** The Admin's 'Checklist de fotos' (POST creates, PATCH changes the fields sent). */
export const fotoChecklistSchema = z.strictObject({
  nombre: text(100, 1, 'El nombre es requerido'),
  orden: z.coerce.number().int('El orden debe ser un número entero').min(0, 'El orden debe ser 0 o mayor').max(999, 'El orden debe ser como máximo 999'),
  multiple: z.boolean(),
  activo: z.boolean(),
});
export type FotoChecklistInput = z.infer<typeof fotoChecklistSchema>;
export const fotoChecklistPatchSchema = fotoChecklistSchema.partial();

export const fotoChecklistRow = z.object({
  id: z.number(),
  nombre: z.string(),
  orden: z.number(),
  multiple: z.boolean(),
  activo: z.boolean(),
});
export type FotoChecklistItem = z.infer<typeof fotoChecklistRow>;
export const fotoChecklistResponse = z.array(fotoChecklistRow);
export const fotoChecklistSavedResponse = z.object({ message: z.string(), data: fotoChecklistRow });

/** The Admin screen and its route (the Admin's lower menu group). */
export const FOTO_CHECKLIST_SCREEN = {
  route: '/checklistFotos',
  title: 'Checklist de fotos',
  newLabel: 'Nuevo Ítem',
  labels: { nombre: 'Nombre', orden: 'Orden', multiple: 'Admite varias fotos', activo: 'Activo' },
} as const;

/** The close screen's texts for the photos. */
export const INSPECCION_FOTOS_TEXTOS = {
  titulo: 'Fotos',
  contador: (tomadas: number, total: number) => `${tomadas} de ${total} fotos`,
  tomar: 'Tomar foto',
  otraDelItem: 'Otra foto',
  rehacer: 'Volver a tomar',
  quitar: 'Quitar',
  agregarOtra: 'Agregar otra foto',
  extras: 'Otras fotos',
  guardarUbicacion: 'Guardar ubicación de las fotos',
  procesando: 'Procesando foto…',
  errorProceso: 'No se pudo procesar la foto: intente de nuevo',
  sinUbicacion: 'No se pudo obtener la ubicación: las fotos se guardan sin ella',
  informe: 'Informe fotográfico',
  porPagina: (n: number) => (n === 1 ? '1 por página' : `${n} por página`),
} as const;
