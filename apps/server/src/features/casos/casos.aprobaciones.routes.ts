import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aprobacionDelCasoResponse,
  aprobacionesPageResponse,
  aprobacionesQuery,
  aprobacionResueltaResponse,
  idParam,
  messageResponse,
  rechazarAprobacionSchema,
} from '@siniestros/domain';
import { STAFF, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { AprobacionesService } from './casos.aprobaciones.service';
import type { CasosLifecycleService } from './casos.lifecycle.service';

/**
 * Authority limits (issue 41 item 5, docs/decisions/081). Admins and Users reach the routes; who
 * may resolve a request (never its maker; a User only within their limit) is the service's check.
 */
export function aprobacionesRoutes(app: FastifyInstance, deps: { aprobaciones: AprobacionesService; lifecycle: CasosLifecycleService }) {
  const { aprobaciones, lifecycle } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['aprobaciones'];

  r.get(
    '/aprobaciones',
    {
      ...route,
      schema: {
        tags,
        summary: 'Requests of one state the signed-in user sees (pending: oldest first)',
        querystring: aprobacionesQuery,
        response: replies({ 200: aprobacionesPageResponse }),
      },
    },
    async (request) => aprobaciones.page(request.query, userOf(request)),
  );

  r.get(
    '/aprobaciones/caso/:id',
    {
      ...route,
      schema: {
        tags,
        summary: "The case's pending request and the signed-in user's offer limit",
        params: idParam,
        response: replies({ 200: aprobacionDelCasoResponse }),
      },
    },
    async (request) => aprobaciones.delCaso(request.params.id, userOf(request)),
  );

  r.post(
    '/aprobaciones/:id/aprobar',
    {
      ...route,
      schema: {
        tags,
        summary: 'Approve: the offer or reconsideration is applied as it was made',
        params: idParam,
        response: replies({ 200: aprobacionResueltaResponse }),
      },
    },
    async (request) => lifecycle.aprobar(request.params.id, userOf(request)),
  );

  r.post(
    '/aprobaciones/:id/rechazar',
    {
      ...route,
      schema: {
        tags,
        summary: 'Reject with a reason: the case stays as it is',
        params: idParam,
        body: rechazarAprobacionSchema,
        response: replies({ 200: messageResponse }),
      },
    },
    async (request) => aprobaciones.rechazar(request.params.id, request.body.motivo, userOf(request)),
  );
}
