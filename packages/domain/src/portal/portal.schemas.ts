import { z } from 'zod';
import { UPLOAD_DOC_TYPES } from '../documentacion/documentacion.constants';
import { editVersion, isoDate, optionalText, positiveId, text } from '../shared/fields';
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
} as const;

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

/** GET/PATCH /portal-admin/ajustes. */
export const portalAjustesSchema = z.strictObject({
  dias_validez: z.coerce.number().int().min(1).max(365),
  digitos_dni: z.coerce.number().int().min(0).max(8),
  max_intentos: z.coerce.number().int().min(1).max(20),
  recordatorios_dias: z.array(z.coerce.number().int().min(1).max(90)).max(5),
  firma_electronica: z.boolean(),
});
export type PortalAjustes = z.infer<typeof portalAjustesSchema>;

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
});

/** GET /casos/{id}/portal: per third party, its checklist and its live link (never the token). */
export const portalDelCasoResponse = z.object({
  terceros: z.array(
    z.object({
      id_tercero: z.number(),
      nombre: z.string(),
      mail: z.string().nullable(),
      cel: z.string().nullable(),
      /** The items that apply to this third party by the case's product and conditions, asked or not. */
      items: z.array(portalItemRow),
      enlace: portalEnlaceRow.nullable(),
      completa: z.boolean(),
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

/** PATCH /casos/{id}/portal/items/{item}: accept, or reject with a reason the claimant reads. */
export const revisarItemSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('aceptar'), version: editVersion }),
  z.strictObject({ decision: z.literal('rechazar'), motivo: text(1000, 1, PORTAL_MESSAGES.motivoRequerido), version: editVersion }),
]);
export type RevisarItemInput = z.input<typeof revisarItemSchema>;

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

// ---- The claimant's side (/api/portal/*) ----

/** POST /portal/sesion {token}: the token from the link's fragment, exchanged for a portal cookie. */
export const portalTokenSchema = z.strictObject({ token: z.string().min(20).max(100).regex(/^[A-Za-z0-9_-]+$/) });

/** POST /portal/dni {dni}: the whole DNI or its last digits (portal_ajustes.digitos_dni). */
export const portalDniSchema = z.strictObject({ dni: z.string().trim().regex(/^\d{1,11}$/, 'Escriba solo los números de su DNI') });

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
});
export type PortalEstado = z.infer<typeof portalEstadoResponse>;
