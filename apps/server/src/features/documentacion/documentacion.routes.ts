import { partsOf } from '../../shared/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DOCUMENTACION_MESSAGES,
  deleteDocumentQuery,
  deleteDocumentSchema,
  documentsZipName,
  downloadQuery,
  documentosResponse,
  documentosSubidosResponse,
  idParam,
  messageResponse,
} from '@siniestros/domain';
import { fileReply, replies } from '../../shared/responses';
import { ANY_ROLE, STAFF, userOf } from '../../plugins/auth';
import type { DocumentacionService } from './documentacion.service';
import { sendFile } from '../../shared/send-file';
import { safeContentType } from './documentacion.files';
import { unsupportedContent } from '../../shared/errors';

/** Spec §7 Documents, and the delete paths decision 000 fixes. */
export function documentacionRoutes(app: FastifyInstance, documentacion: DocumentacionService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: STAFF } };
  // Inspectors read the documents of the cases of their own inspections (object-checked in the service).
  const anyRole = { config: { access: ANY_ROLE } };
  const tags = ['documentacion'];
  const deleted = replies({ 200: messageResponse });

  r.post(
    '/documentacion/t/:id',
    { ...staff, schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: replies({ 201: documentosSubidosResponse }) } },
    async (request, reply) => {
      if (!request.isMultipart()) throw unsupportedContent(DOCUMENTACION_MESSAGES.notMultipart);
      const files = await documentacion.upload(request.params.id, userOf(request).username, partsOf(request));
      return reply.status(201).send({ message: DOCUMENTACION_MESSAGES.uploaded, files });
    },
  );

  r.get('/documentacion/listado/:id', { ...anyRole, schema: { tags, params: idParam, response: replies({ 200: documentosResponse }) } }, (request) =>
    documentacion.listNames(userOf(request), request.params.id),
  );

  r.get('/documentacion/downloadfile', { ...anyRole, schema: { tags, querystring: downloadQuery, response: replies({ 200: fileReply('application/octet-stream', 'The document, with the type it was stored with') }) } }, async (request, reply) => {
    const { documento, content } = await documentacion.download(userOf(request), request.query.id, request.query.name);
    return sendFile(reply, 'attachment', documento.nombre, safeContentType(documento.mime), content);
  });

  r.get('/documentacion/:id', { ...anyRole, schema: { tags, params: idParam, response: replies({ 200: fileReply('application/zip', "Every document of the case") }) } }, async (request, reply) => {
    const zip = await documentacion.zipAll(userOf(request), request.params.id);
    return sendFile(reply, 'attachment', documentsZipName(request.params.id), 'application/zip', zip);
  });

  r.post('/documentacion/d/:id', { ...staff, schema: { tags, params: idParam, body: deleteDocumentSchema, response: deleted } }, async (request) => {
    await documentacion.remove(request.params.id, request.body.doc, userOf(request).username);
    return { message: DOCUMENTACION_MESSAGES.deleted };
  });

  r.delete('/documentacion/:id', { ...staff, schema: { tags, params: idParam, querystring: deleteDocumentQuery, response: deleted } }, async (request) => {
    await documentacion.remove(request.params.id, request.query.name, userOf(request).username);
    return { message: DOCUMENTACION_MESSAGES.deleted };
  });
}
