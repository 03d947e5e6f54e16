import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HISTORIAL_MESSAGES, historialEntrySchema, historialListResponse, historialSavedResponse, historialWrappedSchema, idParam } from '@siniestros/domain';
import { replies } from '../../shared/responses';
import { STAFF, userOf } from '../../plugins/auth';
import type { HistorialService } from './historial.service';

/** Spec §7, history. */
export function historialRoutes(app: FastifyInstance, historial: HistorialService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['historial'];
  const saved = replies({ 201: historialSavedResponse });

  r.get('/historial/:id', { ...route, schema: { tags, params: idParam, response: replies({ 200: historialListResponse }) } }, (request) => historial.list(request.params.id));

  r.post('/historial', { ...route, schema: { tags, body: historialEntrySchema, response: saved } }, async (request, reply) =>
    reply.status(201).send({ message: HISTORIAL_MESSAGES.saved, data: await historial.post(request.body.id_caso, userOf(request).username, request.body.msg) }),
  );

  r.post('/historial/t', { ...route, schema: { tags, body: historialWrappedSchema, response: saved } }, async (request, reply) => {
    const { id_caso, msg } = request.body.historia;
    return reply.status(201).send({ message: HISTORIAL_MESSAGES.saved, data: await historial.post(id_caso, userOf(request).username, msg) });
  });
}
