import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MASIVO_MESSAGES,
  TAREA_MESSAGES,
  idParam,
  masivoResponse,
  masivoTareasSchema,
  tareaAsignablesResponse,
  tareaAsignarSchema,
  tareaCreateSchema,
  tareaListResponse,
  tareaSavedResponse,
  tareasPageResponse,
  tareasQuery,
} from '@siniestros/domain';
import { STAFF, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { Actor } from './tareas.ports';
import type { TareasService } from './tareas.service';

const actorOf = (request: FastifyRequest): Actor => ({
  actor: userOf(request).username,
  ip: request.ip,
  method: request.method,
  route: request.routeOptions.url,
});

/** The Diario (issue 18 item 2): Admin and User; an Inspector gets 403. */
export function tareasRoutes(app: FastifyInstance, tareas: TareasService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['tareas'];

  r.get(
    '/tareas',
    {
      ...route,
      schema: {
        tags,
        summary: "Open tasks of the signed-in user (equipo=1: everyone's), by tab, soonest first",
        querystring: tareasQuery,
        response: replies({ 200: tareasPageResponse }),
      },
    },
    (request) => tareas.page(request.query, userOf(request).id),
  );

  r.get(
    '/tareas/asignables',
    { ...route, schema: { tags, summary: 'Who a task can be assigned to', response: replies({ 200: tareaAsignablesResponse }) } },
    (request) => tareas.asignables(userOf(request).id),
  );

  r.get(
    '/tareas/caso/:id',
    { ...route, schema: { tags, summary: 'Open tasks of case {id}', params: idParam, response: replies({ 200: tareaListResponse }) } },
    (request) => tareas.listByCaso(request.params.id),
  );

  r.post(
    '/tareas/caso/:id',
    {
      ...route,
      schema: {
        tags,
        summary: 'New task on case {id}',
        params: idParam,
        body: tareaCreateSchema,
        response: replies({ 201: tareaSavedResponse }),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ message: TAREA_MESSAGES.created, ...(await tareas.create(request.params.id, request.body, actorOf(request))) }),
  );

  r.patch(
    '/tareas/:id/hecha',
    { ...route, schema: { tags, summary: 'Mark task {id} done', params: idParam, response: replies({ 200: tareaSavedResponse }) } },
    async (request) => ({
      message: TAREA_MESSAGES.done,
      ...(await tareas.complete(request.params.id, actorOf(request))),
    }),
  );

  r.patch(
    '/tareas/:id/asignar',
    {
      ...route,
      schema: {
        tags,
        summary: 'Reassign task {id}',
        params: idParam,
        body: tareaAsignarSchema,
        response: replies({ 200: tareaSavedResponse }),
      },
    },
    async (request) => ({
      message: TAREA_MESSAGES.reassigned,
      ...(await tareas.reassign(request.params.id, request.body.id_usuario, actorOf(request))),
    }),
  );

  // Bulk reassignment from 'Mis tareas' (issue 44 item 2; docs/decisions/097).
  r.post(
    '/tareas/masivo/asignar',
    { ...route, schema: { tags, summary: 'Reassign the selected tasks', body: masivoTareasSchema, response: replies({ 200: masivoResponse }) } },
    async (request) => {
      const cantidad = await tareas.reassignMany(request.body.ids, request.body.id_usuario, actorOf(request));
      return { message: MASIVO_MESSAGES.tareasDone(cantidad), cantidad };
    },
  );
}
