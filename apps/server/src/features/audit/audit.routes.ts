import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageResponse, idParam, pagingQuery } from '@siniestros/domain';
import { replies } from '../../shared/responses';
import { ADMIN_ONLY } from '../../plugins/auth';
import type { AuditService } from './audit.service';

export function auditRoutes(app: FastifyInstance, audit: AuditService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/audit/casos/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['audit'],
        summary: "A case's audit trail (who changed which field, when)",
        params: idParam,
        querystring: pagingQuery,
        response: replies({ 200: auditPageResponse }),
      },
    },
    (request) => audit.casoTrail(request.params.id, request.query),
  );
}
