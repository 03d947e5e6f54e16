import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  informeDestinatariosResponse,
  informeDestinatariosSchema,
  informeEnviadosResponse,
  informeResponse,
  informesQuerySchema,
  messageResponse,
} from '@siniestros/domain';
import { ADMIN_ONLY, STAFF } from '../../plugins/auth';
import { fileReply, replies } from '../../shared/responses';
import { sendFile } from '../../shared/send-file';
import { informeNombreArchivo, informePdf, informeXlsx } from './informes.archivos';
import type { InformesEnvios } from './informes.envios';
import type { InformesService } from './informes.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The informe de gestión (issue 46): Admin and User; an Inspector gets 403. */
export function informesRoutes(app: FastifyInstance, deps: { informes: InformesService; envios: InformesEnvios; orgName: string }) {
  const { informes, envios, orgName } = deps;
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

  // The monthly e-mail (docs/decisions/094): the recipients per company are the Admin's; the copies sent are listed to staff.
  r.get(
    '/informes/destinatarios',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Every company with the recipients of its monthly informe',
        response: replies({ 200: informeDestinatariosResponse }),
      },
    },
    () => envios.destinatarios(),
  );

  r.put(
    '/informes/destinatarios/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: "Set a company's recipients of the monthly informe (1 to 20 addresses)",
        params: idParam,
        body: informeDestinatariosSchema,
        response: replies({ 200: messageResponse }),
      },
    },
    (request) => envios.guardarDestinatarios(request.params.id, request.body),
  );

  r.delete(
    '/informes/destinatarios/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, summary: 'Stop the monthly informe of a company', params: idParam, response: replies({ 200: messageResponse }) },
    },
    (request) => envios.quitarDestinatarios(request.params.id),
  );

  r.get(
    '/informes/enviados',
    {
      ...route,
      schema: { tags, summary: 'The monthly informes sent (newest month first)', response: replies({ 200: informeEnviadosResponse }) },
    },
    () => envios.enviados(),
  );

  r.get(
    '/informes/enviados/:id.pdf',
    {
      ...route,
      schema: {
        tags,
        summary: 'The copy of a monthly informe as it was sent',
        params: z.object({ id: idParam.shape.id }),
        response: replies({ 200: fileReply('application/pdf', 'The PDF sent') }),
      },
    },
    async (request, reply) => {
      const copia = await envios.copia(request.params.id);
      return sendFile(reply, 'attachment', `Informe_${copia.mes.slice(0, 7)}.pdf`, 'application/pdf', copia.pdf);
    },
  );
}
