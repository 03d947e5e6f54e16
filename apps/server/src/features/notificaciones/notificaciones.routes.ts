import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  notificacionLeidaResponse,
  notificacionPreferenciasResponse,
  notificacionPreferenciasSavedResponse,
  notificacionPreferenciasSchema,
  notificacionesPageResponse,
  notificacionesQuery,
} from '@siniestros/domain';
import { STAFF, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { NotificacionesService } from './notificaciones.service';

const actorOf = (request: FastifyRequest) => ({
  actor: userOf(request).username,
  ip: request.ip,
  method: request.method,
  route: request.routeOptions.url,
});

/** The bell and the page 'Notificaciones' (issue 18 item 4): Admin and User, each their own; an Inspector gets 403. */
export function notificacionesRoutes(app: FastifyInstance, notificaciones: NotificacionesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['notificaciones'];

  r.get(
    '/notificaciones',
    {
      ...route,
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first (no_leidas=1: unread only), and their unread count",
        querystring: notificacionesQuery,
        response: replies({ 200: notificacionesPageResponse }),
      },
    },
    (request) => notificaciones.page(request.query, userOf(request).id),
  );

  r.patch(
    '/notificaciones/leidas',
    {
      ...route,
      schema: { tags, summary: "Mark all the user's notifications read", response: replies({ 200: notificacionLeidaResponse }) },
    },
    (request) => notificaciones.marcarTodas(userOf(request).id),
  );

  r.patch(
    '/notificaciones/:id/leida',
    {
      ...route,
      schema: { tags, summary: 'Mark notification {id} read', params: idParam, response: replies({ 200: notificacionLeidaResponse }) },
    },
    (request) => notificaciones.marcarLeida(userOf(request).id, request.params.id),
  );

  r.get(
    '/notificaciones/preferencias',
    {
      ...route,
      schema: {
        tags,
        summary: "The user's daily digest and analyst settings",
        response: replies({ 200: notificacionPreferenciasResponse }),
      },
    },
    (request) => notificaciones.preferencias(userOf(request)),
  );

  r.patch(
    '/notificaciones/preferencias',
    {
      ...route,
      schema: {
        tags,
        summary: "Save the user's daily digest and analyst settings",
        body: notificacionPreferenciasSchema,
        response: replies({ 200: notificacionPreferenciasSavedResponse }),
      },
    },
    (request) => notificaciones.guardarPreferencias(userOf(request), request.body, actorOf(request)),
  );
}
