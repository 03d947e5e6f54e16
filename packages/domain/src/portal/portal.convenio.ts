import { z } from 'zod';
import { positiveId } from '../shared/fields';
import { formatDate } from '../shared/format';
import { PORTAL_CONVENIO_PAGINA } from './portal.texts';

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
  aceptarRequerido: PORTAL_CONVENIO_PAGINA.aceptarRequerido,
  firmado: 'Convenio firmado. Lo revisaremos y le avisaremos.',
  yaFirmado: 'El convenio ya fue firmado.',
} as const;

/** The history rows of the convenio a distancia. */
export const PORTAL_CONVENIO_HISTORIA = {
  publicado: (tercero: string, archivos: string) => `Se publica el convenio en el portal para ${tercero}: ${archivos}`,
  firmado: (tercero: string) => `${tercero} firmó el convenio electrónicamente en el portal (constancia adjunta)`,
} as const;

/** Who the convenio's e-mails are to and about (as PortalCorreoDatos). */
type ConvenioCorreoDatos = { nombre: string; org: string; reclamo: string; compania: string };

/** What the claimant reads in the convenio's e-mails and WhatsApp message. */
export const PORTAL_CONVENIO_CORREO = {
  asunto: (d: ConvenioCorreoDatos) => `Convenio para firmar: su reclamo N° ${d.reclamo}`,
  /** The third party had no live link: a new one (`vence`: its last day, YYYY-MM-DD). */
  conEnlace: (d: ConvenioCorreoDatos & { enlace: string; vence: string }) =>
    [
      `Hola ${d.nombre}:`,
      '',
      `${d.org} atiende su reclamo N° ${d.reclamo} ante ${d.compania}. Ya está listo el convenio para que lo firme.`,
      '',
      `Puede verlo y enviarnos la copia firmada desde su celular o su computadora con este enlace, hasta el ${formatDate(d.vence)}:`,
      d.enlace,
      '',
      'Al abrirlo le pediremos su número de DNI. No comparta este enlace con otras personas.',
      '',
      d.org,
    ].join('\n'),
  /** The token is never stored, so the notice points to the link they have (decision 084). */
  sinEnlace: (d: ConvenioCorreoDatos) =>
    [
      `Hola ${d.nombre}:`,
      '',
      `${d.org} atiende su reclamo N° ${d.reclamo} ante ${d.compania}. Tiene un convenio para firmar:`,
      'ingrese con el enlace que le enviamos para este reclamo.',
      '',
      d.org,
    ].join('\n'),
  whatsapp: (d: ConvenioCorreoDatos & { enlace: string; vence: string }) =>
    `Hola ${d.nombre}, le escribimos de ${d.org} por su reclamo N° ${d.reclamo} ante ${d.compania}. ` +
    `Ya está el convenio para firmar: véalo en este enlace (vence el ${formatDate(d.vence)}): ${d.enlace}`,
  codigoAsunto: (d: ConvenioCorreoDatos) => `Código para firmar el convenio de su reclamo N° ${d.reclamo}`,
  codigoTexto: (d: ConvenioCorreoDatos & { codigo: string }) =>
    [
      `Hola ${d.nombre}:`,
      '',
      `Su código para firmar electrónicamente el convenio de su reclamo N° ${d.reclamo} ante ${d.compania} es:`,
      '',
      d.codigo,
      '',
      `Vale por ${PORTAL_CONVENIO.codigoMinutos} minutos. Escríbalo en el portal junto con su DNI.`,
      `No lo comparta con nadie: ${d.org} nunca se lo va a pedir por teléfono, WhatsApp ni correo.`,
      'Si usted no pidió este código, ignore este mensaje.',
      '',
      d.org,
    ].join('\n'),
} as const;

/** The certificate the server files with the electronic signature ('Constancia de firma electrónica'). */
export const PORTAL_CONVENIO_CONSTANCIA = {
  titulo: 'Constancia de firma electrónica',
  /** The name the file starts from before the upload naming rule types it ('Convenio.pdf', 'Convenio_02.pdf'). */
  archivo: 'Constancia_firma_electronica.pdf',
  /** What the claimant accepted, word for word (the page's checkbox). */
  aceptacion: PORTAL_CONVENIO_PAGINA.acepto,
  ley: 'Firma electrónica en los términos de la Ley 25.506 (arts. 5 y 6): el firmante se identificó con el enlace personal del portal, su número de documento y un código de un solo uso enviado a su correo electrónico.',
  secciones: { caso: 'Reclamo', firmante: 'Firmante', documentos: 'Documentos firmados', firma: 'Firma' },
  campos: {
    oficina: 'Oficina',
    reclamo: 'Siniestro N°',
    compania: 'Compañía',
    caso: 'Caso',
    nombre: 'Apellido y nombre',
    documento: 'Documento',
    aceptacion: 'Texto aceptado',
    fecha: 'Fecha y hora (Buenos Aires)',
    utc: 'Fecha y hora (UTC, ISO 8601)',
    direccion: 'Dirección IP',
    userAgent: 'Navegador (User-Agent)',
    canal: 'Código enviado por',
  },
  sha256: 'SHA-256',
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
  codigo: z.string().trim().regex(/^\d{6}$/, PORTAL_CONVENIO_PAGINA.codigoSeisNumeros),
  acepto: z.literal(true, { error: PORTAL_CONVENIO_MESSAGES.aceptarRequerido }),
});
export type PortalFirmaInput = z.input<typeof portalFirmaSchema>;
