import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLANTILLA_MAX_BYTES,
  PLANTILLA_MESSAGES,
  fileExtension,
  idParam,
  plantillaListResponse,
  plantillaRestoreSchema,
  plantillaSavedResponse,
  plantillaVersionQuery,
} from '@siniestros/domain';
import { ADMIN_ONLY } from '../../plugins/auth';
import { badRequest, tooLarge, unprocessable, unsupportedContent } from '../../shared/errors';
import { fileReply, replies } from '../../shared/responses';
import { sendFile } from '../../shared/send-file';
import { auditActorOf } from '../audit';
import type { PlantillasService } from './plantillas.service';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Admin 'Plantillas': the convenio templates, their versions, uploads and restores (docs/decisions/038). */
export function plantillasRoutes(app: FastifyInstance, plantillas: PlantillasService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: ADMIN_ONLY } };
  const tags = ['plantillas'];
  const docx = (description: string) => replies({ 200: fileReply(DOCX_TYPE, description) });
  const saved = replies({ 201: plantillaSavedResponse });

  r.get('/plantillas', { ...admin, schema: { tags, response: replies({ 200: plantillaListResponse }) } }, () => plantillas.list());

  r.get('/plantillas/:id/archivo', { ...admin, schema: { tags, params: idParam, querystring: plantillaVersionQuery, response: docx('The template (.docx)') } }, async (request, reply) => {
    const file = await plantillas.file(request.params.id, request.query.version);
    return sendFile(reply, 'attachment', file.nombre, DOCX_TYPE, file.contenido);
  });

  r.get('/plantillas/:id/vista-previa', { ...admin, schema: { tags, params: idParam, querystring: plantillaVersionQuery, response: docx('The template filled in with a demo case (.docx)') } }, async (request, reply) => {
    const preview = await plantillas.preview(request.params.id, request.query.version);
    return sendFile(reply, 'attachment', preview.nombre, DOCX_TYPE, preview.contenido);
  });

  r.post('/plantillas/:id', { ...admin, schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: saved } }, async (request, reply) => {
    if (!request.isMultipart()) throw unsupportedContent(PLANTILLA_MESSAGES.noFile);
    const part = await request.file({ limits: { fileSize: PLANTILLA_MAX_BYTES, files: 1 } });
    if (!part) throw badRequest(PLANTILLA_MESSAGES.noFile);
    if (fileExtension(part.filename) !== 'docx') throw unprocessable(PLANTILLA_MESSAGES.notDocx);
    const bytes = await part.toBuffer().catch((error: unknown) => {
      throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(PLANTILLA_MESSAGES.tooLarge) : error;
    });
    const version = await plantillas.upload(request.params.id, bytes, part.filename, auditActorOf(request));
    return reply.status(201).send({ message: PLANTILLA_MESSAGES.uploaded(version), version });
  });

  r.post('/plantillas/:id/restaurar', { ...admin, schema: { tags, params: idParam, body: plantillaRestoreSchema, response: saved } }, async (request, reply) => {
    const version = await plantillas.restore(request.params.id, request.body.version, auditActorOf(request));
    return reply.status(201).send({ message: PLANTILLA_MESSAGES.restored(version), version });
  });
}
