import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { masivoAnalistaSchema, masivoFlagSchema, masivoResponse } from '@siniestros/domain';
import { STAFF, userOf } from '../../plugins/auth';
import { replies } from '../../shared/responses';
import type { CasosMasivoService } from './casos.masivo.service';

/**
 * Bulk actions on the case list (issue 44 item 2; docs/decisions/097), with the roles of the single-case
 * routes; the export of a selection is beside the list's in casos.routes.ts. */
export function casosMasivoRoutes(app: FastifyInstance, masivo: CasosMasivoService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['casos'];
  const done = replies({ 200: masivoResponse });

  r.post('/casos/masivo/analista', { ...route, schema: { tags, summary: 'Reassign the analyst of the selected cases', body: masivoAnalistaSchema, response: done } }, (request) =>
    masivo.assignAnalista(request.body, userOf(request).username),
  );

  r.post('/casos/masivo/flag', { ...route, schema: { tags, summary: 'Set or clear a flag on the selected cases', body: masivoFlagSchema, response: done } }, (request) =>
    masivo.setFlag(request.body, userOf(request).username),
  );
}
