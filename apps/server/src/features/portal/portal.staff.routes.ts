import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  messageResponse,
  pedidoResponse,
  pedirDocumentacionSchema,
  portalDelCasoResponse,
  portalItemParams,
  portalMensajesQuery,
  portalMensajesResponse,
  portalRespuestaResponse,
  portalRespuestaSchema,
  portalTerceroParams,
  recibidosQuery,
  recibidosResponse,
  revisarItemResponse,
  revisarItemSchema,
} from '@siniestros/domain';
import { STAFF, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import { auditActorOf } from '../audit';
import type { PortalStaffService } from './portal.staff.service';

/**
 * The office's side of the claimant portal (issue 42, docs/decisions/084): Admin and User; an
 * Inspector is refused. Third parties and items are looked up within the case of the path.
 */
export function portalStaffRoutes(app: FastifyInstance, portal: PortalStaffService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['portal'];

  r.get(
    '/casos/:id/portal',
    { ...route, schema: { tags, summary: "The case's checklist per third party and its live links", params: idParam, response: replies({ 200: portalDelCasoResponse }) } },
    (request) => portal.delCaso(request.params.id),
  );

  r.post(
    '/casos/:id/portal/pedidos',
    {
      ...route,
      schema: { tags, summary: "'Pedir documentación': a new link for the third party (shown once), its WhatsApp URL and e-mail", params: idParam, body: pedirDocumentacionSchema, response: replies({ 200: pedidoResponse }) },
    },
    (request) => portal.pedir(request.params.id, request.body, auditActorOf(request), `${request.protocol}://${request.host}`),
  );

  r.delete(
    '/casos/:id/portal/enlaces/:idTercero',
    { ...route, schema: { tags, summary: "Revokes the third party's live link", params: portalTerceroParams, response: replies({ 200: messageResponse }) } },
    (request) => portal.revocar(request.params.id, request.params.idTercero, auditActorOf(request)),
  );

  r.patch(
    '/casos/:id/portal/items/:idItem',
    { ...route, schema: { tags, summary: 'Accepts or rejects a received item', params: portalItemParams, body: revisarItemSchema, response: replies({ 200: revisarItemResponse }) } },
    (request) => portal.revisar(request.params.id, request.params.idItem, request.body, userOf(request).username),
  );

  r.get(
    '/casos/:id/portal/mensajes',
    { ...route, schema: { tags, summary: "A third party's portal messages, oldest first", params: idParam, querystring: portalMensajesQuery, response: replies({ 200: portalMensajesResponse }) } },
    (request) => portal.mensajes(request.params.id, request.query.id_tercero),
  );

  r.post(
    '/casos/:id/portal/mensajes',
    { ...route, schema: { tags, summary: "The office's reply to the claimant", params: idParam, body: portalRespuestaSchema, response: replies({ 201: portalRespuestaResponse }) } },
    async (request, reply) => reply.status(201).send(await portal.responder(request.params.id, request.body, userOf(request).username)),
  );

  r.get(
    '/portal-admin/recibidos',
    { ...route, schema: { tags, summary: 'Bandeja de recibidos: sent by claimants, not reviewed, oldest first', querystring: recibidosQuery, response: replies({ 200: recibidosResponse }) } },
    (request) => portal.recibidos(request.query),
  );
}
