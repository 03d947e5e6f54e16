import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, pagingQuery } from '@siniestros/domain';
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
      },
    },
    (request) => audit.casoTrail(request.params.id, request.query),
  );
}
