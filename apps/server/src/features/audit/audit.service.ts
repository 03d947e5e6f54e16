import {
  AUDIT_ENTITY,
  AUDIT_REDACTED,
  type AuditAction,
  type AuditChanges,
  type AuditEntry,
  type AuditPage,
  type PagingQuery,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { pageOffset, totalPages } from '../../shared/paging';
import { auditRepository } from './audit.repository';

export type AuditEvent = {
  /** Username of whoever acted; null when nobody is signed in. */
  actor: string | null;
  action: AuditAction;
  entity?: string;
  entityId?: number;
  /** `{field: [old, new]}`: build it with `changesBetween`. */
  changes?: AuditChanges;
  ip?: string;
  method?: string;
  route?: string;
  detail?: string;
};

/**
 * Who acts and through which request: the username, the address, the method and the route
 * pattern, spread into every change event (ASVS 16.2.1). Built from a request by `auditActorOf`.
 */
export type AuditActor = { actor: string; ip?: string; method?: string; route?: string };

/** A change made by the server itself (first start, tests' fixtures), not through a request. */
export const SYSTEM_ACTOR: AuditActor = { actor: 'sistema' };

export type AuditService = ReturnType<typeof createAuditService>;

/** Field names whose values never reach the log (ASVS 16.2.5: no credentials in logs). */
const SECRET_FIELD_RE = /password|contrase|secret|token|totp|hash/i;

const normalize = (value: unknown): unknown => {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
};
const same = (a: unknown, b: unknown) => JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));

/**
 * The changed fields of `after` compared with `before`, as `{field: [old, new]}`. Only the keys
 * present in `after` (a partial update) are compared; `fields` narrows them further.
 */
export function changesBetween<T extends Record<string, unknown>>(
  before: Partial<T>,
  after: Partial<T>,
  fields?: readonly (keyof T & string)[],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields ?? (Object.keys(after) as (keyof T & string)[])) {
    if (after[field] === undefined || same(before[field], after[field])) continue;
    changes[field] = SECRET_FIELD_RE.test(field) ? [AUDIT_REDACTED, AUDIT_REDACTED] : [normalize(before[field]), normalize(after[field])];
  }
  return changes;
}

/**
 * Names who acts for the rest of the transaction: the database triggers that record every change
 * of a case's fields (migration 0004) write it as the actor. Call it first in every transaction
 * that changes a case.
 */
export const setAuditActor = (tx: DbOrTx, username: string) => auditRepository.setActor(tx, username);

/**
 * The audit log. `record` writes in the caller's transaction so a change and its audit row land
 * (or roll back) together, like `historial.add`.
 */
export function createAuditService(db: Db, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  return {
    /** Writes one row; returns false (and writes nothing) for a change event with no changed field. */
    async record(tx: DbOrTx, event: AuditEvent): Promise<boolean> {
      if (event.changes && Object.keys(event.changes).length === 0) return false;
      await auditRepository.insert(tx, {
        fecha: now(),
        actor: event.actor?.slice(0, 150) ?? null,
        action: event.action,
        entity: event.entity ?? null,
        entity_id: event.entityId ?? null,
        ip: event.ip?.slice(0, 64) ?? null,
        method: event.method ?? null,
        route: event.route?.slice(0, 200) ?? null,
        detail: event.detail?.slice(0, 200) ?? null,
        changes: event.changes ?? null,
      });
      return true;
    },

    /** GET /api/audit/casos/{id}: a case's trail, newest first, paged in SQL. */
    async casoTrail(idCaso: number, paging: PagingQuery): Promise<AuditPage> {
      const [rows, total] = await Promise.all([
        auditRepository.pageByEntity(db, AUDIT_ENTITY.caso, idCaso, pageOffset(paging), paging.pageSize),
        auditRepository.countByEntity(db, AUDIT_ENTITY.caso, idCaso),
      ]);
      return { data: rows.map(toEntry), totalPages: totalPages(total, paging.pageSize), total };
    },

    listByAction: async (action: AuditAction): Promise<AuditEntry[]> => (await auditRepository.listByAction(db, action)).map(toEntry),
  };
}

function toEntry(row: Awaited<ReturnType<typeof auditRepository.pageByEntity>>[number]): AuditEntry {
  return { ...row, fecha: row.fecha.toISOString(), changes: (row.changes as AuditChanges | null) ?? null };
}
