import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ADVISORY_LOCK } from '../../db/locks';
import { auditLog } from '../../db/tables/audit';

export const backupsRepository = {
  /** Held until `tx` ends; false when another node is claiming the scheduled backup right now. */
  async tryLockSchedule(tx: DbOrTx): Promise<boolean> {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK.BACKUP_SCHEDULE}) as ok`)) as unknown as {
      rows: { ok: boolean }[];
    };
    return result.rows[0]?.ok === true;
  },

  /**
   * Whether a scheduled backup was claimed at or after the folder name `since` (folder names are
   * the time, ISO-like: they sort as the time does): its audit row names it.
   */
  async scheduledSince(tx: DbOrTx, marks: { action: string; actor: string; route: string }, since: string): Promise<boolean> {
    const rows = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, marks.action), eq(auditLog.actor, marks.actor), eq(auditLog.route, marks.route), gte(auditLog.detail, since)))
      .limit(1);
    return rows.length > 0;
  },
};
