import type { FastifyRequest } from 'fastify';
import { userOf } from '../../plugins/auth';
import type { AuditActor } from './audit.service';

/** The signed-in user, the address, the method and the matched route of a request, for the audit log. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  return { actor: userOf(request).username, ip: request.ip, method: request.method, route: request.routeOptions.url };
}
