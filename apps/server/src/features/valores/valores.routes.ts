import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagingQuery, valoresFiltroSchema, valoresPageResponse } from '@siniestros/domain';
import { replies } from '../../shared/responses';
import { STAFF } from '../../plugins/auth';
import type { ValoresService } from './valores.service';

/** Spec §7: GET /casos/valores/ and POST /casos/filtrovalores/ (the values report lives under /casos). */
export function valoresRoutes(app: FastifyInstance, valores: ValoresService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['valores'];
  const response = replies({ 200: valoresPageResponse });

  r.get('/casos/valores', { ...route, schema: { tags, summary: 'Closed cases with inspection and offered values', querystring: pagingQuery, response } }, (request) =>
    valores.page(request.query),
  );

  r.post(
    '/casos/filtrovalores',
    { ...route, schema: { tags, summary: 'Closed cases by company and closing date range', querystring: pagingQuery, body: valoresFiltroSchema, response } },
    (request) => valores.page(request.query, request.body),
  );
}
