import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIENCIA_MESSAGES,
  audienciaCreateSchema,
  audienciaFiltroSchema,
  audienciaListResponse,
  audienciaSavedResponse,
  audienciasFiltradasResponse,
  audienciasPageResponse,
  audienciaUpdateSchema,
  idParam,
  audienciasQuery,
  type AudienciasFiltradas,
  type AudienciasPage,
} from '@siniestros/domain';
import { STAFF } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import { auditActorOf } from '../audit';
import type { MediacionService } from './mediacion.service';

/** Spec §7, hearings. */
export function mediacionRoutes(app: FastifyInstance, mediacion: MediacionService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['mediacion'];

  r.get('/mediacion/cl/:id', { ...route, schema: { tags, summary: 'Hearings of a case', params: idParam, response: replies({ 200: audienciaListResponse }) } }, (request) =>
    mediacion.listByCaso(request.params.id),
  );

  r.get(
    '/mediacion',
    {
      ...route,
      schema: { tags, summary: 'Every hearing, newest first (cuando: proximas or pasadas, as an agenda)', querystring: audienciasQuery, response: replies({ 200: audienciasPageResponse }) },
    },
    async (request): Promise<AudienciasPage> => mediacion.page(request.query),
  );

  r.post(
    '/mediacion/filter',
    {
      ...route,
      schema: { tags, summary: 'Hearings by number, company and date range', querystring: audienciasQuery, body: audienciaFiltroSchema, response: replies({ 200: audienciasFiltradasResponse }) },
    },
    async (request): Promise<AudienciasFiltradas> => {
      const { data, totalPages, total } = await mediacion.page(request.query, request.body);
      return { data, totalPage: totalPages, total };
    },
  );

  r.post(
    '/mediacion/:id',
    { ...route, schema: { tags, summary: 'Add a hearing to case {id}', params: idParam, body: audienciaCreateSchema, response: replies({ 201: audienciaSavedResponse }) } },
    async (request, reply) => {
      const audiencia = await mediacion.create(request.params.id, request.body, auditActorOf(request));
      return reply.status(201).send({ message: AUDIENCIA_MESSAGES.created, ...audiencia });
    },
  );

  r.patch(
    '/mediacion/:id',
    { ...route, schema: { tags, summary: 'Update hearing {id}', params: idParam, body: audienciaUpdateSchema, response: replies({ 200: audienciaSavedResponse }) } },
    async (request) => ({
      message: AUDIENCIA_MESSAGES.updated,
      ...(await mediacion.update(request.params.id, request.body, auditActorOf(request))),
    }),
  );
}
