import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fotoChecklistPatchSchema,
  fotoChecklistResponse,
  fotoChecklistSavedResponse,
  fotoChecklistSchema,
  idParam,
  INSPECCION_FOTOS_MESSAGES,
} from '@siniestros/domain';
import { ADMIN_ONLY, ANY_ROLE } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import { auditActorOf } from '../audit';
import type { FotoChecklistService } from './reference.fotos';

/** 'Checklist de fotos' (issue 43 item 4): read by every role (the inspector's close screen), written by an Admin. */
export function fotoChecklistRoutes(app: FastifyInstance, checklist: FotoChecklistService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reference'];
  const admin = { config: { access: ADMIN_ONLY } };

  r.get('/fotos-checklist', { config: { access: ANY_ROLE }, schema: { tags, summary: "The inspection's photo checklist, by order (inactive items too)", response: replies({ 200: fotoChecklistResponse }) } }, () =>
    checklist.list(),
  );
  r.post(
    '/fotos-checklist',
    { ...admin, schema: { tags, summary: 'Adds a checklist item', body: fotoChecklistSchema, response: replies({ 201: fotoChecklistSavedResponse }) } },
    async (request, reply) =>
      reply.status(201).send({ message: INSPECCION_FOTOS_MESSAGES.checklistCreado, data: await checklist.create(request.body, auditActorOf(request)) }),
  );
  r.patch(
    '/fotos-checklist/:id',
    { ...admin, schema: { tags, summary: 'Changes a checklist item (the fields sent)', params: idParam, body: fotoChecklistPatchSchema, response: replies({ 200: fotoChecklistSavedResponse }) } },
    async (request) => ({
      message: INSPECCION_FOTOS_MESSAGES.checklistActualizado,
      data: await checklist.update(request.params.id, request.body, auditActorOf(request)),
    }),
  );
}
