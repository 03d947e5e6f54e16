export { auditActorOf } from './audit.actor';
export { registerAuditHooks } from './audit.hooks';
export { auditRoutes } from './audit.routes';
export { SYSTEM_ACTOR, changesBetween, createAuditService, setAuditActor, type AuditActor, type AuditEvent, type AuditService } from './audit.service';
