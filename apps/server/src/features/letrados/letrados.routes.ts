import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LETRADO_MESSAGES, idParam, letradoCreateSchema, letradoSavedResponse, letradoUpdateSchema } from '@siniestros/domain';
import { replies } from '../../shared/responses';
import { STAFF, userOf } from '../../plugins/auth';
import type { LetradosService } from './letrados.service';

/** Spec §7, lawyers. */
export function letradosRoutes(app: FastifyInstance, letrados: LetradosService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['letrados'];

  r.post('/letrados', { ...route, schema: { tags, body: letradoCreateSchema, response: replies({ 200: letradoSavedResponse, 201: letradoSavedResponse }) } }, async (request, reply) => {
    const { letrado, created } = await letrados.save(request.body, userOf(request).username);
    return reply.status(created ? 201 : 200).send({ message: LETRADO_MESSAGES.saved, data: letrado });
  });

  r.patch('/letrados/:id', { ...route, schema: { tags, params: idParam, body: letradoUpdateSchema, response: replies({ 200: letradoSavedResponse }) } }, async (request) => ({
    message: LETRADO_MESSAGES.saved,
    data: await letrados.update(request.params.id, request.body, userOf(request).username),
  }));
}
