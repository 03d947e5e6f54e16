import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, LESIONADO_MESSAGES, lesionadoCreateSchema, lesionadoListResponse, lesionadoSavedResponse, lesionadoUpdateSchema } from '@siniestros/domain';
import { replies } from '../../shared/responses';
import { STAFF } from '../../plugins/auth';
import { auditActorOf } from '../audit';
import type { LesionadosService } from './lesionados.service';

/** Spec §7, injured people. */
export function lesionadosRoutes(app: FastifyInstance, lesionados: LesionadosService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['lesionados'];

  r.get('/lesionados/cl/:id', { ...route, schema: { tags, summary: 'Injured people of a case', params: idParam, response: replies({ 200: lesionadoListResponse }) } }, (request) =>
    lesionados.list(request.params.id),
  );

  r.post('/lesionados/:id', { ...route, schema: { tags, summary: 'Add an injured person to case {id}', params: idParam, body: lesionadoCreateSchema, response: replies({ 201: lesionadoSavedResponse }) } }, async (request, reply) => {
    const lesionado = await lesionados.create(request.params.id, request.body, auditActorOf(request));
    return reply.status(201).send({ message: LESIONADO_MESSAGES.created, ...lesionado });
  });

  r.patch('/lesionados/:id', { ...route, schema: { tags, summary: 'Update injured person {id}', params: idParam, body: lesionadoUpdateSchema, response: replies({ 200: lesionadoSavedResponse }) } }, async (request) => ({
    message: LESIONADO_MESSAGES.updated,
    ...(await lesionados.update(request.params.id, request.body, auditActorOf(request))),
  }));
}
