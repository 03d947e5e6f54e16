import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ajustesAsignacionResponse,
  ajustesAsignacionSavedResponse,
  ajustesAsignacionSchema,
  idParam,
  messageResponse,
  reglaAsignacionSavedResponse,
  reglaAsignacionSchema,
  reglasAsignacionResponse,
} from '@siniestros/domain';
import { ADMIN_ONLY } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import { auditActorOf } from '../audit';
import type { AsignacionService } from './asignacion.service';

/** Routing (docs/decisions/083): only an Admin reads and changes the rules and settings. */
export function asignacionRoutes(app: FastifyInstance, asignacion: AsignacionService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['asignacion'];
  const admin = { config: { access: ADMIN_ONLY } };

  r.get('/asignacion/reglas', { ...admin, schema: { tags, summary: 'Assignment rules', response: replies({ 200: reglasAsignacionResponse }) } }, () =>
    asignacion.reglas(),
  );
  r.post(
    '/asignacion/reglas',
    { ...admin, schema: { tags, summary: 'Add an assignment rule', body: reglaAsignacionSchema, response: replies({ 201: reglaAsignacionSavedResponse }) } },
    async (request, reply) => reply.status(201).send(await asignacion.crearRegla(request.body, auditActorOf(request))),
  );
  r.delete(
    '/asignacion/reglas/:id',
    { ...admin, schema: { tags, summary: 'Remove an assignment rule', params: idParam, response: replies({ 200: messageResponse }) } },
    (request) => asignacion.eliminarRegla(request.params.id, auditActorOf(request)),
  );
  r.get('/asignacion/ajustes', { ...admin, schema: { tags, summary: 'Routing settings', response: replies({ 200: ajustesAsignacionResponse }) } }, () =>
    asignacion.ajustes(),
  );
  r.patch(
    '/asignacion/ajustes',
    { ...admin, schema: { tags, summary: 'Change the routing settings', body: ajustesAsignacionSchema, response: replies({ 200: ajustesAsignacionSavedResponse }) } },
    (request) => asignacion.guardarAjustes(request.body, auditActorOf(request)),
  );
}
