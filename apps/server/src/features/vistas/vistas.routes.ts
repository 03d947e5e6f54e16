import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ajustesVistasSavedResponse,
  ajustesVistasSchema,
  idParam,
  messageResponse,
  vistaCreateSchema,
  vistaPredeterminadaSchema,
  vistaSavedResponse,
  vistasResponse,
  vistaUpdateSchema,
} from '@siniestros/domain';
import { ADMIN_ONLY, STAFF, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import { auditActorOf } from '../audit';
import type { VistasService } from './vistas.service';

/** Saved views of the case list (docs/decisions/096): the office's staff, each on their own views; the setting is the Admin's. */
export function vistasRoutes(app: FastifyInstance, vistas: VistasService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vistas'];
  const staff = { config: { access: STAFF } };
  const usuario = (request: Parameters<typeof userOf>[0]) => ({ id: userOf(request).id, rol: userOf(request).rol });

  r.get(
    '/vistas',
    { ...staff, schema: { tags, summary: 'My saved views and the shared ones', response: replies({ 200: vistasResponse }) } },
    (request) => vistas.listar(usuario(request)),
  );
  r.post(
    '/vistas',
    { ...staff, schema: { tags, summary: 'Save a view', body: vistaCreateSchema, response: replies({ 201: vistaSavedResponse }) } },
    async (request, reply) => reply.status(201).send(await vistas.crear(request.body, usuario(request))),
  );
  r.put(
    '/vistas/predeterminada',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Set or clear my default view',
        body: vistaPredeterminadaSchema,
        response: replies({ 200: messageResponse }),
      },
    },
    (request) => vistas.predeterminada(request.body.id, usuario(request)),
  );
  r.patch(
    '/vistas/ajustes',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, summary: 'Who may share views', body: ajustesVistasSchema, response: replies({ 200: ajustesVistasSavedResponse }) },
    },
    (request) => vistas.guardarAjustes(request.body, auditActorOf(request)),
  );
  r.patch(
    '/vistas/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Rename or share my view',
        params: idParam,
        body: vistaUpdateSchema,
        response: replies({ 200: vistaSavedResponse }),
      },
    },
    (request) => vistas.actualizar(request.params.id, request.body, usuario(request)),
  );
  r.delete(
    '/vistas/:id',
    { ...staff, schema: { tags, summary: 'Delete my view', params: idParam, response: replies({ 200: messageResponse }) } },
    (request) => vistas.eliminar(request.params.id, usuario(request)),
  );
}
