import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { informeResponse, informesQuerySchema } from '@siniestros/domain';
import { STAFF } from '../../plugins/auth';
import { fileReply, replies } from '../../shared/responses';
import { sendFile } from '../../shared/send-file';
import { informeNombreArchivo, informePdf, informeXlsx } from './informes.archivos';
import type { InformesService } from './informes.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The informe de gestión (issue 46): Admin and User; an Inspector gets 403. */
export function informesRoutes(app: FastifyInstance, informes: InformesService, orgName: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['informes'];

  r.get(
    '/informes',
    {
      ...route,
      schema: {
        tags,
        summary:
          'The informe de gestión of a company (or all) and a month or a range of months: figures, stage days, amounts, 12-month trend',
        querystring: informesQuerySchema,
        response: replies({ 200: informeResponse }),
      },
    },
    (request) => informes.get(request.query),
  );

  r.get(
    '/informes.pdf',
    {
      ...route,
      schema: {
        tags,
        summary: 'The informe de gestión as PDF',
        querystring: informesQuerySchema,
        response: replies({ 200: fileReply('application/pdf', 'The report (PDF)') }),
      },
    },
    async (request, reply) => {
      const informe = await informes.get(request.query);
      return sendFile(reply, 'attachment', informeNombreArchivo(informe, 'pdf'), 'application/pdf', await informePdf(informe, orgName));
    },
  );

  r.get(
    '/informes.xlsx',
    {
      ...route,
      schema: {
        tags,
        summary: 'The informe de gestión as xlsx, a sheet per table',
        querystring: informesQuerySchema,
        response: replies({ 200: fileReply(XLSX, 'The report (xlsx)') }),
      },
    },
    async (request, reply) => {
      const informe = await informes.get(request.query);
      return sendFile(reply, 'attachment', informeNombreArchivo(informe, 'xlsx'), XLSX, await informeXlsx(informe, orgName));
    },
  );
}
