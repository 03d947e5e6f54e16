import { z } from 'zod';
import { positiveId } from '../shared/fields';

/**
 * Convenio a distancia (issue 42 item 7, docs/decisions/084 'Convenio a distancia'): at status 5 or 6
 * the handler publishes the generated convenio to the third party's portal; the claimant downloads it
 * and sends back the signed copy through the checklist item 'Convenio firmado', or, where the office
 * turned it on, signs it electronically (Ley 25.506) with their DNI and a code e-mailed to them.
 */

export const PORTAL_CONVENIO = {
  /** The checklist item the signed copy is sent to (tipo 'Convenio', the spec's upload type). */
  itemTipo: 'Convenio',
  itemNombre: 'Convenio firmado',
  itemExplicacion: 'Descargue el convenio, imprímalo y fírmelo en cada hoja. Después envíe una foto o un escaneo de cada hoja.',
  /** The one-time code of the electronic signature. */
  codigoDigitos: 6,
  codigoMinutos: 15,
  /** Wrong codes before the code is void (a new one must be asked). */
  codigoMaxIntentos: 5,
  /** Codes a link may ask in 24 hours, and the wait between two. */
  codigosPorDia: 5,
  codigoEsperaSegundos: 60,
  /** How the code reached the claimant, as the certificate names it. */
  canalCodigo: 'correo electrónico',
} as const;

export const PORTAL_CONVENIO_MESSAGES = {
  // Staff
  estadoInvalido: 'El convenio se publica con el caso en Convenio o en Espera Convenio Firmado',
  yaAceptado: 'El convenio firmado ya fue aceptado: no se puede publicar otro',
  publicado: 'Convenio publicado en el portal',
  noExiste: 'El convenio publicado no existe',
  // Claimant
  sinConvenio: 'No hay un convenio para firmar.',
  firmaDesactivada: 'La firma electrónica no está habilitada: imprima el convenio, fírmelo y envíe una foto.',
  sinCorreo: 'No tenemos un correo electrónico suyo: imprima el convenio, fírmelo y envíe una foto.',
  codigoEnviado: (destino: string) => `Le enviamos un código de 6 números a ${destino}. Vale por 15 minutos.`,
  codigoEspera: 'Espere un minuto antes de pedir otro código.',
  codigoLimite: 'Pidió demasiados códigos hoy. Imprima el convenio y envíe una foto, o intente mañana.',
  codigoNoEnviado: 'No pudimos enviarle el código. Intente de nuevo en unos minutos.',
  codigoInvalido: 'El código no es correcto o ya venció.',
  codigoAgotado: 'Hubo demasiados intentos con este código: pida uno nuevo.',
  aceptarRequerido: 'Marque que leyó el convenio y acepta sus términos.',
  firmado: 'Convenio firmado. Lo revisaremos y le avisaremos.',
  yaFirmado: 'El convenio ya fue firmado.',
} as const;

/** The history rows of the convenio a distancia. */
export const PORTAL_CONVENIO_HISTORIA = {
  publicado: (tercero: string, archivos: string) => `Se publica el convenio en el portal para ${tercero}: ${archivos}`,
  firmado: (tercero: string) => `${tercero} firmó el convenio electrónicamente en el portal (constancia adjunta)`,
} as const;

// ---- Staff ----

/** One published file: the convenio as PDF (LibreOffice installed) or as the .docx. */
export const portalConvenioArchivoRow = z.object({
  id: z.number(),
  plantilla: z.string(),
  nombre: z.string(),
  mime: z.string(),
  bytes: z.number(),
  sha256: z.string(),
});
export type PortalConvenioArchivo = z.infer<typeof portalConvenioArchivoRow>;

/** The live publication of a third party: in GET /casos/{id}/portal as `terceros[].convenio`. */
export const portalConvenioRow = z.object({
  /** The checklist item 'Convenio firmado' the signed copy (or the certificate) is sent to. */
  id_item: z.number(),
  publicado: z.string(),
  publicado_por: z.string(),
  archivos: z.array(portalConvenioArchivoRow),
  /** The electronic signature, once made. */
  firma: z
    .object({
      firmado: z.string(),
      direccion: z.string(),
      user_agent: z.string(),
      destino: z.string(),
    })
    .nullable(),
});
export type PortalConvenio = z.infer<typeof portalConvenioRow>;

/**
 * POST /casos/{id}/portal/convenio: the body is the convenios' own `convenioSchema` (the templates,
 * the third party, the extra data, the CBU). The answer says how the claimant was told.
 */
export const convenioPublicadoResponse = z.object({
  message: z.string(),
  convenio: portalConvenioRow,
  /** Converted to PDF (false: LibreOffice missing or failing, the .docx was published). */
  pdf: z.boolean(),
  /** A new link only when the third party had no live one (shown once, as a request's); else null. */
  enlace: z.string().nullable(),
  whatsapp: z.string().nullable(),
  email: z.enum(['enviado', 'sin_correo', 'sin_smtp', 'error']),
});
export type ConvenioPublicado = z.infer<typeof convenioPublicadoResponse>;

export const portalConvenioArchivoParams = z.object({ id: positiveId, idArchivo: positiveId });

// ---- Claimant (/api/portal/convenio/*) ----

/** In GET /portal/estado as `convenio` (null: nothing published). */
export const portalConvenioReclamanteRow = z.object({
  archivos: z.array(portalConvenioArchivoRow.pick({ id: true, nombre: true, mime: true, bytes: true })),
  /** The item 'Convenio firmado' of `items`, where the signed copy is sent. */
  id_item: z.number(),
  /** The office lets the claimant sign electronically (portal_ajustes.firma_electronica) and the third party has an e-mail. */
  firma_electronica: z.boolean(),
  /** Where the code goes, masked ('j•••@gmail.com'); null without an e-mail. */
  destino: z.string().nullable(),
  firmado: z.string().nullable(),
});
export type PortalConvenioReclamante = z.infer<typeof portalConvenioReclamanteRow>;

export const portalConvenioArchivoParam = z.object({ idArchivo: positiveId });

/** POST /portal/convenio/codigo answers where the code went. */
export const portalCodigoResponse = z.object({ message: z.string(), destino: z.string() });

/** POST /portal/convenio/firma. */
export const portalFirmaSchema = z.strictObject({
  dni: z.string().trim().regex(/^\d{1,11}$/, 'Escriba solo los números de su DNI'),
  codigo: z.string().trim().regex(/^\d{6}$/, 'El código tiene 6 números'),
  acepto: z.literal(true, { error: PORTAL_CONVENIO_MESSAGES.aceptarRequerido }),
});
export type PortalFirmaInput = z.input<typeof portalFirmaSchema>;
