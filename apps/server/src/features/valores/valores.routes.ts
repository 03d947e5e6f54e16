import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagingQuery, valoresFiltroSchema } from '@siniestros/domain';
import { STAFF } from '../../plugins/auth';
import type { ValoresService } from './valores.service';

/** Spec §7: GET /casos/valores/ and POST /casos/filtrovalores/ (the values report lives under /casos). */
export function valoresRoutes(app: FastifyInstance, valores: ValoresService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = { config: { access: STAFF } };
  const tags = ['valores'];

  r.get('/casos/valores', { ...route, schema: { tags, summary: 'Closed cases with inspection and offered values', querystring: pagingQuery } }, (request) =>
    valores.page(request.query),
  );

  r.post(
    '/casos/filtrovalores',
    { ...route, schema: { tags, summary: 'Closed cases by company and closing date range', querystring: pagingQuery, body: valoresFiltroSchema } },
    (request) => valores.page(request.query, request.body),
  );
}
