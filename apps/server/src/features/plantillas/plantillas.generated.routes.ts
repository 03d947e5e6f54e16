import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONVENIOS_ZIP_NAME, convenioSchema, idParam } from '@siniestros/domain';
import { STAFF, userOf } from '../../plugins/auth';
import { fileReply, replies } from '../../shared/responses';
import { sendFile } from '../../shared/send-file';
import type { GeneratedDocumentsService } from './plantillas.generated.service';

/** The report and the convenios of a case, under the documents' paths decision 000 fixes. */
export function generatedDocumentsRoutes(app: FastifyInstance, generated: GeneratedDocumentsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { config: { access: STAFF } };
  const tags = ['documentacion'];

  r.get('/documentacion/i/:id', { ...staff, schema: { tags, params: idParam, response: replies({ 200: fileReply('application/pdf', 'The case report') }) } }, async (request, reply) => {
    const pdf = await generated.report(request.params.id, userOf(request).username);
    return sendFile(reply, 'inline', `caso_${request.params.id}_informe.pdf`, 'application/pdf', pdf);
  });

  r.post('/documentacion/c/:id', { ...staff, schema: { tags, params: idParam, body: convenioSchema, response: replies({ 200: fileReply('application/zip', 'The chosen convenios (.docx)') }) } }, async (request, reply) => {
    const zip = await generated.convenios(request.params.id, request.body);
    return sendFile(reply, 'attachment', CONVENIOS_ZIP_NAME, 'application/zip', zip);
  });
}
