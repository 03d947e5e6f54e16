import { z } from 'zod';
import { positiveId } from '../shared/fields';
import { savedResponse } from '../shared/responses';
import { portalEstadoResponse, portalMensajeRow, portalMensajeSchema } from './portal.schemas';

/**
 * The claimant's side of the portal, /api/portal/* (issue 42, docs/decisions/084 'API (claimant)'):
 * what the claimant's routes add to the contract of portal.schemas.ts.
 */

export const PORTAL_RECLAMANTE = {
  /** Who the claimant's history rows, documents and bell items name (they are nobody's account). */
  autor: 'Portal del reclamante',
  /** A portal session lasts this long, and never past its link's expiry. */
  sesionHoras: 8,
  /** An address with `max_intentos` wrong DNIs waits this long (portal_intentos). */
  bloqueoMinutos: 15,
  /** What a claimant may send: photos and PDFs, checked by their magic bytes as every upload. */
  extensiones: ['jpg', 'jpeg', 'png', 'webp', 'heic', 'pdf'],
  /** The multipart upload: the file's part and the optional upload key (or the Idempotency-Key header). */
  campoArchivo: 'archivo',
  campoClave: 'clave',
  claveMax: 100,
} as const;

/** An upload key: 1 to 100 printable ASCII characters (a UUID, as the page makes them). */
export const esClaveValida = (clave: string): boolean => /^[\x21-\x7e]{1,100}$/.test(clave);

export const PORTAL_RECLAMANTE_MESSAGES = {
  dniRequerido: 'Escriba su DNI para continuar.',
  itemYaAceptado: 'Este documento ya fue aceptado: no hace falta enviarlo de nuevo.',
  sinEjemplo: 'Este documento no tiene una imagen de ejemplo.',
  unArchivo: 'Envíe un archivo por vez.',
  sinArchivo: 'Elija una foto o un PDF para enviar.',
  campoDesconocido: 'El formulario tiene un campo que no corresponde.',
  claveInvalida: 'La clave del envío debe tener entre 1 y 100 caracteres, sin espacios ni acentos',
  salio: 'Salió del portal',
} as const;

/** The status line's own words where the step's name says too little. */
export const PORTAL_ETAPA_TEXTOS = {
  /** `fecha` as dd/mm. */
  inspeccionCoordinada: (fecha: string, lugar: string) => `Inspección coordinada para el ${fecha} en ${lugar}`,
  analisis: 'Estamos analizando su reclamo',
  pagoEnTramite: 'Convenio firmado: el pago está en trámite',
  cerrado: 'Su reclamo está cerrado',
} as const;

/** A bell item's text holds 500 characters. */
const aviso = (text: string) => (text.length > 500 ? `${text.slice(0, 499)}…` : text);

/** The bell items the claimant's actions ring for the case's responsible user (NOTIFICACION_TIPOS portal_*). */
export const PORTAL_AVISOS = {
  recibido: (tercero: string, item: string) => aviso(`${tercero} envió ${item}`),
  mensaje: (tercero: string, texto: string) => aviso(`${tercero}: ${texto}`),
} as const;

/** One of the claimant's items, as GET /portal/estado lists it. */
export const portalReclamanteItem = portalEstadoResponse.shape.items.element;
export type PortalReclamanteItem = z.infer<typeof portalReclamanteItem>;

/** POST /portal/items/{idItem}/archivos: 201 stored, 200 when its upload key had already landed. */
export const portalArchivoResponse = z.object({ message: z.string(), item: portalReclamanteItem });
export type PortalArchivoRespuesta = z.infer<typeof portalArchivoResponse>;

export const portalItemParam = z.object({ idItem: positiveId });

/** The upload key as a header (a retried upload with the same key lands once). */
export const portalArchivoHeaders = z.looseObject({
  'idempotency-key': z.string().trim().refine(esClaveValida, PORTAL_RECLAMANTE_MESSAGES.claveInvalida).optional(),
});

/** POST /portal/mensajes: the claimant writes only to their own case, so no third party is named. */
export const portalMensajeReclamanteSchema = portalMensajeSchema.omit({ id_tercero: true });
export const portalMensajeReclamanteRow = portalMensajeRow.omit({ usuario: true });
export const portalMensajeEnviadoResponse = savedResponse(portalMensajeReclamanteRow);
