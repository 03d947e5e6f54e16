import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, lineaQuery, lineaResponse } from '@siniestros/domain';
import { replies } from '../../shared/responses';
import { STAFF } from '../../plugins/auth';
import type { LineaTiempoService } from './linea-tiempo.service';

/**
 * GET /api/casos/:id/linea-tiempo: who may open the case's detail (Admin, User; an Inspector sees
 * only their inspections, spec §1) reads its timeline (docs/decisions/098).
 */
export function lineaTiempoRoutes(app: FastifyInstance, lineaTiempo: LineaTiempoService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/casos/:id/linea-tiempo',
    { config: { access: STAFF }, schema: { tags: ['casos'], params: idParam, querystring: lineaQuery, response: replies({ 200: lineaResponse }) } },
    (request) => lineaTiempo.page(request.params.id, request.query),
  );
}
