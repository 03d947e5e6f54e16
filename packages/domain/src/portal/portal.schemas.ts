import { z } from 'zod';
import { UPLOAD_DOC_TYPES } from '../documentacion/documentacion.constants';
import { editVersion, isoDate, optionalText, positiveId, text } from '../shared/fields';
import { formatDate } from '../shared/format';
import { portalConvenioReclamanteRow, portalConvenioRow } from './portal.convenio';
import { PORTAL_ETAPAS, PORTAL_MESSAGES, type PortalEtapa } from './portal.texts';

// The texts and state names live in portal.texts.ts, which imports nothing: the claimant's page
// (its own small bundle, issue 42 item 8) takes them from there without zod.
export {
  PORTAL_ETAPAS,
  PORTAL_ITEM_ESTADOS,
  PORTAL_ITEM_ESTADOS_RECLAMANTE,
  PORTAL_MESSAGES,
  PORTAL_PAGINA,
  type PortalEtapa,
  type PortalItemEstado,
} from './portal.texts';

/**
 * The claimant portal (issue 42, docs/decisions/084). Staff routes live under /api/casos/{id}/portal
 * and /api/portal-admin; the claimant's under /api/portal/* with a cookie of their own.
 */

/** When a required document applies to a third party. */
export const PORTAL_CONDICIONES = {
  siempre: 'Siempre',
  lesionado: 'Con personas lesionadas',
  destruccion_total: 'Destrucción total',
  letrado: 'Con letrado',
  no_titular: 'El reclamante no es el titular',
} as const;
export type PortalCondicion = keyof typeof PORTAL_CONDICIONES;
const condicionKeys = Object.keys(PORTAL_CONDICIONES) as [PortalCondicion, ...PortalCondicion[]];

/** Every send to a claimant is recorded with its channel. */
export const PORTAL_CANALES = {
  email: 'Correo electrónico',
  whatsapp: 'WhatsApp',
  enlace: 'Enlace copiado',
  carta: 'Carta impresa',
  recordatorio: 'Recordatorio',
  aviso_mensaje: 'Aviso de mensaje nuevo',
  sin_respuesta: 'Sin respuesta',
  aviso_convenio: 'Aviso de convenio para firmar',
  codigo_firma: 'Código de firma electrónica',
} as const;
export type PortalCanal = keyof typeof PORTAL_CANALES;

/** The reasons a handler picks from when rejecting an item (plus free text). */
export const PORTAL_MOTIVOS_RECHAZO = [
  'La imagen no se lee bien',
  'Falta una parte del documento (frente o dorso)',
  'El documento está vencido',
  'No corresponde al documento pedido',
  'El documento no corresponde al titular',
] as const;

/** The history rows the portal writes on the case. */
export const PORTAL_HISTORIA = {
  pedido: (tercero: string, items: number, canales: string) => `Se pide documentación a ${tercero} (${items} documentos) por ${canales}`,
  revocado: (tercero: string) => `Se revoca el enlace del portal de ${tercero}`,
  recibido: (tercero: string, item: string) => `${tercero} envió por el portal: ${item}`,
  aceptado: (item: string) => `Documento aceptado: ${item}`,
  rechazado: (item: string, motivo: string) => `Documento rechazado: ${item}. Motivo: ${motivo}`,
  mensajeReclamante: (tercero: string, texto: string) => `[Reclamante] ${tercero}: ${texto}`,
  respuesta: (texto: string) => `[Al reclamante] ${texto}`,
  completa: 'Documentación completa (portal del reclamante)',
  /** `resultado`: 'enviado a …' or why it was not sent. */
  recordatorio: (tercero: string, dia: number, resultado: string) => `Recordatorio al reclamante ${tercero} (día ${dia}): ${resultado}`,
  sinRespuesta: (tercero: string, dias: number) =>
    `${tercero} no respondió al pedido de documentación en ${dias} días: tarea para el responsable del caso`,
} as const;

/** The task the case's responsible user gets once the last reminder day has passed with items still pending. */
export const PORTAL_TAREA_SIN_RESPUESTA = (tercero: string, dias: number) =>
  `El reclamante no respondió: ${tercero} no envió la documentación pedida hace más de ${dias} días`;

/** The channels as the history row names them ('por correo electrónico y WhatsApp'). */
export const PORTAL_CANALES_HISTORIA: Record<PortalCanal, string> = {
  email: 'correo electrónico',
  whatsapp: 'WhatsApp',
  enlace: 'enlace',
  carta: 'carta impresa',
  recordatorio: 'recordatorio',
  aviso_mensaje: 'aviso de mensaje nuevo',
  sin_respuesta: 'sin respuesta',
  aviso_convenio: 'aviso de convenio para firmar',
  codigo_firma: 'código de firma electrónica',
};

/** 'a', 'a y b', 'a, b y c'. */
export const portalCanalesTexto = (canales: readonly PortalCanal[]): string => {
  const words = canales.map((canal) => PORTAL_CANALES_HISTORIA[canal]);
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} y ${words.at(-1)}`;
};

/** What the claimant reads in the request's e-mail, its WhatsApp message and the new-message notice. */
export type PortalCorreoDatos = { nombre: string; org: string; reclamo: string; compania: string };
export const PORTAL_CORREO = {
  pedidoAsunto: (d: PortalCorreoDatos) => `Documentación para su reclamo N° ${d.reclamo}`,
  /** `vence`: the link's last day (YYYY-MM-DD, Argentina). */
  pedidoTexto: (d: PortalCorreoDatos & { items: readonly string[]; enlace: string; vence: string }) =>
    [
      `Hola ${d.nombre}:`,
      '',
      `${d.org} atiende su reclamo N° ${d.reclamo} ante ${d.compania}. Para seguir con el trámite necesitamos estos documentos:`,
      '',
      ...d.items.map((item) => `- ${item}`),
      '',
      `Puede enviarlos desde su celular o su computadora con este enlace, hasta el ${formatDate(d.vence)}:`,
      d.enlace,
      '',
      'Al abrirlo le pediremos su número de DNI. No comparta este enlace con otras personas.',
      '',
      d.org,
    ].join('\n'),
  whatsapp: (d: PortalCorreoDatos & { enlace: string; vence: string }) =>
    `Hola ${d.nombre}, le escribimos de ${d.org} por su reclamo N° ${d.reclamo} ante ${d.compania}. ` +
    `Para enviarnos la documentación que falta, abra este enlace (vence el ${formatDate(d.vence)}): ${d.enlace}`,
  recordatorioAsunto: (d: PortalCorreoDatos) => `Recordatorio: documentación para su reclamo N° ${d.reclamo}`,
  /**
   * The token is never stored, so the reminder cannot carry the link: it names the day it was sent
   * (`enviado`, YYYY-MM-DD in Argentina) and who to ask for a new one (decision 084).
   */
  recordatorioTexto: (d: PortalCorreoDatos & { items: readonly string[]; enviado: string; vence: string }) =>
    [
      `Hola ${d.nombre}:`,
      '',
      `${d.org} atiende su reclamo N° ${d.reclamo} ante ${d.compania}. Todavía nos faltan estos documentos:`,
      '',
      ...d.items.map((item) => `- ${item}`),
      '',
      `Para enviarlos, use el enlace que le enviamos el ${formatDate(d.enviado)} (vale hasta el ${formatDate(d.vence)}).`,
      `Si no lo encuentra, pida uno nuevo a ${d.org}.`,
      '',
      d.org,
    ].join('\n'),
  mensajeAsunto: (d: PortalCorreoDatos) => `Tiene un mensaje nuevo sobre su reclamo N° ${d.reclamo}`,
  // The token is never stored, so the notice cannot carry the link: it points to the one they have.
  mensajeTexto: (d: PortalCorreoDatos) =>
    [
      `Hola ${d.nombre}:`,
      '',
      `${d.org} le escribió un mensaje sobre su reclamo N° ${d.reclamo} ante ${d.compania}.`,
      'Para leerlo y responder, abra el enlace que le enviamos para este reclamo.',
      '',
      d.org,
    ].join('\n'),
} as const;

/**
 * A cell number as WhatsApp's click-to-chat wants it: Argentina's mobile form 549 + area code +
 * number, without the trunk 0 or the local 15 ('11 5555-1234', '011 15 5555-1234' and
 * '+54 9 11 5555-1234' all give 5491155551234). A number written with another country's + prefix
 * is kept; of several numbers the first counts; anything else: null.
 */
export function celularWhatsapp(cel: string | null | undefined): string | null {
  const first = (cel ?? '').split(/[/;,]| y | o /)[0]!.trim();
  if (first.startsWith('+') && !first.startsWith('+54')) {
    const digits = first.replace(/\D/g, '');
    return digits.length >= 8 && digits.length <= 15 ? digits : null;
  }
  let digits = first.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith('54') && digits.length >= 12) digits = digits.slice(2);
  if (digits.startsWith('9') && digits.length === 11) digits = digits.slice(1);
  if (digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 12) {
    // The local '15' after an area code of 2 (Buenos Aires: 11), 3 or 4 digits.
    const at = digits.startsWith('11') ? 2 : [3, 4].find((length) => digits.slice(length, length + 2) === '15');
    if (at !== undefined && digits.slice(at, at + 2) === '15') digits = digits.slice(0, at) + digits.slice(at + 2);
  }
  return digits.length === 10 ? `549${digits}` : null;
}

/** WhatsApp's click-to-chat link: to the claimant's number, or (none) for the handler to pick the chat. */
export const whatsappUrl = (digits: string | null, texto: string): string =>
  `https://wa.me/${digits ?? ''}?text=${encodeURIComponent(texto)}`;

/** The example picture of a requirement: JPG, PNG or WebP up to 2 MB. */
export const PORTAL_EJEMPLO_MAX_BYTES = 2 * 1024 * 1024;

// ---- Staff: Documentación requerida (Admin) ----

const docType = z.enum(UPLOAD_DOC_TYPES, { error: PORTAL_MESSAGES.tipoInvalido });

/** POST /portal-admin/requisitos, PATCH /portal-admin/requisitos/{id}. */
export const requisitoSchema = z.strictObject({
  id_producto: positiveId.nullable(),
  tipo: docType,
  nombre: text(150, 1),
  condicion: z.enum(condicionKeys),
  explicacion: optionalText(500),
  orden: z.coerce.number().int().min(0).max(32_000).optional(),
  activo: z.boolean().optional(),
});
export type RequisitoInput = z.input<typeof requisitoSchema>;

export const requisitoRow = z.object({
  id: z.number(),
  id_producto: z.number().nullable(),
  producto: z.string().nullable(),
  tipo: z.string(),
  nombre: z.string(),
  condicion: z.enum(condicionKeys),
  explicacion: z.string(),
  tiene_ejemplo: z.boolean(),
  orden: z.number(),
  activo: z.boolean(),
});
export type Requisito = z.infer<typeof requisitoRow>;
/** PATCH /portal-admin/requisitos/{id}: only the fields sent change. */
export const requisitoPatchSchema = requisitoSchema.partial();
export const requisitosResponse = z.array(requisitoRow);
export const requisitoSavedResponse = z.object({ message: z.string(), data: requisitoRow });

/** GET/PATCH /portal-admin/ajustes. */
export const portalAjustesSchema = z.strictObject({
  dias_validez: z.coerce.number().int().min(1).max(365),
  digitos_dni: z.coerce.number().int().min(0).max(8),
  max_intentos: z.coerce.number().int().min(1).max(20),
  recordatorios_dias: z.array(z.coerce.number().int().min(1).max(90)).max(5),
  firma_electronica: z.boolean(),
});
export type PortalAjustes = z.infer<typeof portalAjustesSchema>;
export const portalAjustesRow = z.object({
  dias_validez: z.number(),
  digitos_dni: z.number(),
  max_intentos: z.number(),
  recordatorios_dias: z.array(z.number()),
  firma_electronica: z.boolean(),
});
export const portalAjustesSavedResponse = z.object({ message: z.string(), data: portalAjustesRow });

// ---- Staff: the case's checklist, requests and review ----

export const portalItemRow = z.object({
  id: z.number(),
  id_tercero: z.number(),
  id_requisito: z.number().nullable(),
  tipo: z.string(),
  nombre: z.string(),
  explicacion: z.string(),
  estado: z.enum(['pendiente', 'recibido', 'aceptado', 'rechazado']),
  motivo: z.string().nullable(),
  solicitado: z.string().nullable(),
  recibido: z.string().nullable(),
  revisado: z.string().nullable(),
  revisado_por: z.string().nullable(),
  version: z.number(),
  /** The case's documents sent for it (their names, as the documents panel lists them). */
  documentos: z.array(z.string()),
});
export type PortalItem = z.infer<typeof portalItemRow>;

export const portalEnlaceRow = z.object({
  id: z.number(),
  creado: z.string(),
  creado_por: z.string(),
  expira: z.string(),
  revocado: z.string().nullable(),
  bloqueado: z.boolean(),
  ultimo_acceso: z.string().nullable(),
  /** Not expired by the server's clock (a revoked link is never the live one). */
  vigente: z.boolean(),
});

/** A requirement of the case's product for a third party: whether its condition holds now and whether it was asked. */
export const portalAplicableRow = z.object({
  id_requisito: z.number(),
  tipo: z.string(),
  nombre: z.string(),
  explicacion: z.string(),
  condicion: z.enum(condicionKeys),
  tiene_ejemplo: z.boolean(),
  /** Its condition holds (lesionado, letrado: from the case; destruccion_total, no_titular: as stated on the live link). */
  aplica: z.boolean(),
  pedido: z.boolean(),
  /** The asked item and its state; null when not asked. */
  id_item: z.number().nullable(),
  estado: z.enum(['pendiente', 'recibido', 'aceptado', 'rechazado']).nullable(),
});
export type PortalAplicable = z.infer<typeof portalAplicableRow>;

/** PORTAL_CONDICIONES as they stand for a third party ('siempre' aside). */
export const portalCondicionesRow = z.object({
  lesionado: z.boolean(),
  letrado: z.boolean(),
  destruccion_total: z.boolean(),
  no_titular: z.boolean(),
});

/** GET /casos/{id}/portal: per third party, its checklist and its live link (never the token). */
export const portalDelCasoResponse = z.object({
  terceros: z.array(
    z.object({
      id_tercero: z.number(),
      nombre: z.string(),
      mail: z.string().nullable(),
      cel: z.string().nullable(),
      /** The items asked of this third party (portal_items), in the requirements' order. */
      items: z.array(portalItemRow),
      /** Every active requirement of the case's product (and of every product), with `aplica` and `pedido`. */
      aplicables: z.array(portalAplicableRow),
      condiciones: portalCondicionesRow,
      enlace: portalEnlaceRow.nullable(),
      /** Something was asked and every asked item is accepted. */
      completa: z.boolean(),
      /** The convenio published to this third party's portal (issue 42 item 7); null: none live. */
      convenio: portalConvenioRow.nullable(),
    }),
  ),
});
export type PortalDelCaso = z.infer<typeof portalDelCasoResponse>;

/** POST /casos/{id}/portal/pedidos: the items to ask (requirement ids), how, and the conditions. */
export const pedirDocumentacionSchema = z.strictObject({
  id_tercero: positiveId,
  requisitos: z.array(positiveId).min(1, PORTAL_MESSAGES.sinItems).max(50),
  destruccion_total: z.boolean().optional(),
  no_titular: z.boolean().optional(),
  /** Send the e-mail now (needs the third party's address and SMTP). */
  email: z.boolean().optional(),
  /** The other ways the handler gives the link (recorded in portal_envios, named in the history row); 'enlace' when none. */
  canales: z
    .array(z.enum(['whatsapp', 'enlace', 'carta']))
    .max(3)
    .optional(),
});
export type PedirDocumentacionInput = z.input<typeof pedirDocumentacionSchema>;

/** The answer to a request: the link (shown once, never stored in clear) and what to send it by. */
export const pedidoResponse = z.object({
  message: z.string(),
  enlace: z.string(),
  expira: z.string(),
  whatsapp: z.string().nullable(),
  email: z.enum(['enviado', 'sin_correo', 'sin_smtp', 'error', 'no_pedido']),
});
export type PedidoRespuesta = z.infer<typeof pedidoResponse>;

/** How the e-mail with a new link went, as the handler reads it (a request's, and a published convenio's new link). */
export const PORTAL_EMAIL_ENLACE: Record<PedidoRespuesta['email'], string | null> = {
  enviado: 'Se envió el enlace por correo electrónico.',
  sin_correo: PORTAL_MESSAGES.pedidoSinCorreo,
  sin_smtp: PORTAL_MESSAGES.pedidoSinSmtp,
  error: PORTAL_MESSAGES.pedidoCorreoFallo,
  no_pedido: null,
};

/** PATCH /casos/{id}/portal/items/{item}: accept, or reject with a reason the claimant reads. */
export const revisarItemSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('aceptar'), version: editVersion }),
  z.strictObject({ decision: z.literal('rechazar'), motivo: text(1000, 1, PORTAL_MESSAGES.motivoRequerido), version: editVersion }),
]);
export type RevisarItemInput = z.input<typeof revisarItemSchema>;
export const revisarItemResponse = z.object({
  message: z.string(),
  data: portalItemRow,
  /** Every asked item of its third party is accepted now. */
  completa: z.boolean(),
});

export const portalItemParams = z.object({ id: positiveId, idItem: positiveId });
export const portalTerceroParams = z.object({ id: positiveId, idTercero: positiveId });

/** GET /portal-admin/recibidos: the Bandeja de recibidos, oldest first. */
export const recibidosQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const recibidoRow = portalItemRow.extend({ id_caso: z.number(), reclamo_nro: z.string().nullable(), tercero: z.string() });
export const recibidosResponse = z.object({ rows: z.array(recibidoRow), total: z.number() });
export type Recibido = z.infer<typeof recibidoRow>;

export const portalMensajeRow = z.object({
  id: z.number(),
  autor: z.enum(['reclamante', 'oficina']),
  usuario: z.string().nullable(),
  texto: z.string(),
  creado: z.string(),
});
export type PortalMensaje = z.infer<typeof portalMensajeRow>;

/** POST /casos/{id}/portal/mensajes (staff reply) and POST /portal/mensajes (claimant). */
export const portalMensajeSchema = z.strictObject({
  id_tercero: positiveId.optional(),
  texto: text(2000, 1, 'Escriba su mensaje'),
});
/** The staff's reply names its third party. */
export const portalRespuestaSchema = portalMensajeSchema.required({ id_tercero: true });
export const portalMensajesQuery = z.object({ id_tercero: positiveId });
export const portalMensajesResponse = z.array(portalMensajeRow);
export const portalRespuestaResponse = z.object({
  message: z.string(),
  data: portalMensajeRow,
  /** The "tiene un mensaje nuevo" notice: sent, or why not ('sin_enlace': no live link to open). */
  email: z.enum(['enviado', 'sin_correo', 'sin_smtp', 'error', 'sin_enlace']),
});

// ---- The claimant's side (/api/portal/*) ----

/** POST /portal/sesion {token}: the token from the link's fragment, exchanged for a portal cookie. */
export const portalTokenSchema = z.strictObject({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** POST /portal/dni {dni}: the whole DNI or its last digits (portal_ajustes.digitos_dni). */
export const portalDniSchema = z.strictObject({
  dni: z
    .string()
    .trim()
    .regex(/^\d{1,11}$/, 'Escriba solo los números de su DNI'),
});

/** GET /portal/estado before the DNI: only what the claimant needs to type it. */
export const portalInicioResponse = z.object({
  oficina: z.string(),
  digitos_dni: z.number(),
  dni_ok: z.boolean(),
});

/** GET /portal/estado after the DNI: their own items and case line, nothing internal. */
export const portalEstadoResponse = z.object({
  oficina: z.string(),
  reclamo: z.object({ numero: z.string(), compania: z.string(), nombre: z.string() }),
  etapa: z.enum(Object.keys(PORTAL_ETAPAS) as [PortalEtapa, ...PortalEtapa[]]),
  etapa_texto: z.string(),
  items: z.array(
    z.object({
      id: z.number(),
      nombre: z.string(),
      explicacion: z.string(),
      estado: z.enum(['pendiente', 'recibido', 'aceptado', 'rechazado']),
      estado_texto: z.string(),
      motivo: z.string().nullable(),
      archivos: z.number(),
      tiene_ejemplo: z.boolean(),
    }),
  ),
  mensajes: z.array(portalMensajeRow.omit({ usuario: true })),
  expira: isoDate.or(z.string()),
  /** The convenio to sign (issue 42 item 7); null: nothing published. */
  convenio: portalConvenioReclamanteRow.nullable(),
});
export type PortalEstado = z.infer<typeof portalEstadoResponse>;
