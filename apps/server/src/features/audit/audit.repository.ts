import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/tables/audit';

const COLUMNS = {
  id: auditLog.id,
  fecha: auditLog.fecha,
  actor: auditLog.actor,
  action: auditLog.action,
  entity: auditLog.entity,
  entity_id: auditLog.entity_id,
  ip: auditLog.ip,
  method: auditLog.method,
  route: auditLog.route,
  detail: auditLog.detail,
  changes: auditLog.changes,
};

export const auditRepository = {
  /** Transaction-local: the audit triggers of 0004_audit_caso_changes read it as the actor. */
  async setActor(tx: DbOrTx, username: string) {
    await tx.execute(sql`select set_config('app.actor', ${username}, true)`);
  },

  async insert(db: DbOrTx, values: typeof auditLog.$inferInsert) {
    await db.insert(auditLog).values(values);
  },

  /** Newest first; served by audit_log_entity_idx (entity, entity_id, id). */
  pageByEntity(db: DbOrTx, entity: string, entityId: number, offset: number, limit: number) {
    return db
      .select(COLUMNS)
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, entityId)))
      .orderBy(desc(auditLog.id))
      .limit(limit)
      .offset(offset);
  },

  async countByEntity(db: DbOrTx, entity: string, entityId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, entityId)));
    return row?.n ?? 0;
  },

  /** Every row of an action, oldest first (tests and investigations). */
  listByAction(db: DbOrTx, action: string) {
    return db.select(COLUMNS).from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
  },
};
