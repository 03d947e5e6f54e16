import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTION } from '@siniestros/domain';
import type { Db } from '../../db/client';
import type { AuditService } from './audit.service';

/**
 * Every refused authorization (403) becomes an audit row: who, which route, which
 * method, from where (ASVS 16.3.2). Written after the answer left, so it never delays or changes
 * it; a failed write is logged, not raised.
 */
export function registerAuditHooks(app: FastifyInstance, deps: { db: Db; audit: AuditService }) {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 403) return;
    await deps.audit
      .record(deps.db, {
        actor: request.currentUser?.username ?? null,
        action: AUDIT_ACTION.accessDenied,
        method: request.method,
        route: request.routeOptions.url,
        ip: request.ip,
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'audit write failed'));
  });
}
