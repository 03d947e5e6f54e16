import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PORTAL_EJEMPLO_MAX_BYTES,
  PORTAL_MESSAGES,
  idParam,
  portalAjustesRow,
  portalAjustesSavedResponse,
  portalAjustesSchema,
  requisitoPatchSchema,
  requisitoSavedResponse,
  requisitoSchema,
  requisitosResponse,
} from '@siniestros/domain';
import { ADMIN_ONLY, STAFF } from '../../plugins/auth';
import { badRequest, tooLarge, unsupportedContent } from '../../shared/errors';
import { fileReply, replies } from '../../shared/responses';
import { sendFile } from '../../shared/send-file';
import { auditActorOf } from '../audit';
import type { PortalAdminService } from './portal.admin.service';

/** Documentación requerida and the portal's settings (docs/decisions/084): staff read them, an Admin changes them. */
export function portalAdminRoutes(app: FastifyInstance, portal: PortalAdminService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: STAFF } };
  const admin = { config: { access: ADMIN_ONLY } };
  const tags = ['portal'];
  const saved = replies({ 200: requisitoSavedResponse });

  r.get('/portal-admin/requisitos', { ...staff, schema: { tags, summary: 'Documentación requerida', response: replies({ 200: requisitosResponse }) } }, () => portal.requisitos());

  r.post(
    '/portal-admin/requisitos',
    { ...admin, schema: { tags, summary: 'Adds a required document', body: requisitoSchema, response: replies({ 201: requisitoSavedResponse }) } },
    async (request, reply) => reply.status(201).send(await portal.crear(request.body, auditActorOf(request))),
  );

  r.patch(
    '/portal-admin/requisitos/:id',
    { ...admin, schema: { tags, summary: 'Changes a required document (the fields sent)', params: idParam, body: requisitoPatchSchema, response: saved } },
    (request) => portal.actualizar(request.params.id, request.body, auditActorOf(request)),
  );

  r.put(
    '/portal-admin/requisitos/:id/ejemplo',
    { ...admin, schema: { tags, summary: 'Its example picture (multipart, one JPG, PNG or WebP up to 2 MB)', params: idParam, consumes: ['multipart/form-data'], response: saved } },
    async (request) => {
      if (!request.isMultipart()) throw unsupportedContent(PORTAL_MESSAGES.ejemploInvalido);
      const part = await request.file({ limits: { fileSize: PORTAL_EJEMPLO_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest(PORTAL_MESSAGES.ejemploInvalido);
      const bytes = await part.toBuffer().catch((error: unknown) => {
        throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(PORTAL_MESSAGES.ejemploMuyGrande) : error;
      });
      return portal.guardarEjemplo(request.params.id, bytes, auditActorOf(request));
    },
  );

  r.get(
    '/portal-admin/requisitos/:id/ejemplo',
    { ...staff, schema: { tags, summary: 'Its example picture', params: idParam, response: replies({ 200: fileReply('image/*', 'The picture, JPG, PNG or WebP') }) } },
    async (request, reply) => {
      const { mime, content } = await portal.ejemplo(request.params.id);
      return sendFile(reply.header('Cache-Control', 'private, no-cache'), 'inline', `ejemplo-${request.params.id}`, mime, content);
    },
  );

  r.get('/portal-admin/ajustes', { ...staff, schema: { tags, summary: "The portal's settings", response: replies({ 200: portalAjustesRow }) } }, () => portal.ajustes());

  r.patch(
    '/portal-admin/ajustes',
    { ...admin, schema: { tags, summary: "Changes the portal's settings", body: portalAjustesSchema, response: replies({ 200: portalAjustesSavedResponse }) } },
    (request) => portal.guardarAjustes(request.body, auditActorOf(request)),
  );
}
