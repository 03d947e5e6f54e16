import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, plantillaVersionQuery, VISTA_PREVIA_MESSAGES } from '@siniestros/domain';
import { AppError } from '../../shared/errors';
import type { OfficePdf } from '../../shared/office-pdf';
import { fileReply, replies } from '../../shared/responses';
import { sendFile } from '../../shared/send-file';
import { ADMIN_ONLY } from '../../plugins/auth';
import type { PlantillasService } from './plantillas.service';

/**
 * GET /plantillas/:id/vista-previa/pdf (Admin, as the .docx preview; decision 099): the version
 * filled with the demo case as the PDF LibreOffice makes of it, shown in the viewer; 422 without
 * LibreOffice, so the screen offers the .docx.
 */
export function plantillaVistaPreviaPdfRoutes(app: FastifyInstance, deps: { plantillas: PlantillasService; officePdf: OfficePdf }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/plantillas/:id/vista-previa/pdf',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags: ['plantillas'], params: idParam, querystring: plantillaVersionQuery, response: replies({ 200: fileReply('application/pdf', 'The template filled in with a demo case, as PDF') }) },
    },
    async (request, reply) => {
      const preview = await deps.plantillas.preview(request.params.id, request.query.version);
      const pdf = deps.officePdf.enabled ? await deps.officePdf.toPdf(preview.contenido) : null;
      if (!pdf) throw new AppError(422, VISTA_PREVIA_MESSAGES.sinVistaPrevia, 'sin_vista_previa');
      return sendFile(reply, 'inline', preview.nombre.replace(/\.docx$/, '.pdf'), 'application/pdf', pdf);
    },
  );
}
