import { asc, getTableName, sql, type SQL } from 'drizzle-orm';
import type { FlagKey } from '@siniestros/domain';
import { resultRows, type Db, type DbOrTx } from '../../db/client';
import { nextVersion } from '../../db/edit-version';
import { casos } from '../../db/tables/casos';
import { historial } from '../../db/tables/historial';

/** A list of ids as ONE parameter (an int[] literal), not one parameter per id. */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Runs `update` (an UPDATE of casos returning their ids) and writes one history row per changed case; answers how many. */
async function updateWithHistory(tx: DbOrTx, update: SQL, usuario: string, msg: string): Promise<number> {
  const result = await tx.execute(sql`
    with changed as (${update}),
    written as (
      insert into ${historial} (${sql.identifier(historial.id_caso.name)}, ${sql.identifier(historial.usuario.name)}, ${sql.identifier(historial.msg.name)})
      select id, ${usuario}, ${msg} from changed returning 1
    )
    select count(*)::int as n from written`);
  return resultRows<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * The bulk actions' statements (docs/decisions/097): one statement for the whole selection, so
 * 10,000 cases cost a few round trips, not 10,000.
 */
export const casosMasivoRepository = {
  /** The cases of `ids` as a condition (one array parameter). */
  idsWhere: (ids: readonly number[]): SQL => sql`${casos.id} = any(${idArray(ids)})`,

  /**
   * This transaction's case counters once per statement, summed, instead of two deferred row
   * triggers per case at commit (drizzle/0053, docs/decisions/103).
   */
  async countersPerStatement(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`select set_config('app.contadores_por_sentencia', 'on', true)`);
  },

  /**
   * No GIN pending-list cleanup inside this transaction (docs/decisions/103): at 1M cases the 4 MB
   * cleanups were ~40% of a 10,000-case reassignment's CPU; the entries wait for cleanGinPendingLists.
   */
  async deferGinCleanup(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`set local gin_pending_list_limit = '2GB'`);
  },

  /**
   * Moves the pending entries of every GIN index of casos into the index, each on a pool connection
   * of its own and at once: a write meanwhile finds every index's cleanup lock taken and skips its own
   * cleanup (cleaned one after another, a single save waited 1.2-1.4 s at 1M cleaning the others itself).
   */
  async cleanGinPendingLists(db: Db): Promise<void> {
    const indexes = resultRows<{ name: string }>(
      await db.execute(sql`
        select c.relname as name
        from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
        where i.indrelid = ${getTableName(casos)}::regclass and am.amname = 'gin'`),
    );
    await Promise.all(indexes.map(({ name }) => db.execute(sql`select gin_clean_pending_list(${name}::regclass)`)));
  },

  /** Locks the cases `where` names, lowest id first (as every bulk action does, so two never deadlock), up to `limit`. */
  async lockWhere(tx: DbOrTx, where: SQL | undefined, limit: number): Promise<number[]> {
    const rows = await tx.select({ id: casos.id }).from(casos).where(where).orderBy(asc(casos.id)).limit(limit).for('update', { of: casos });
    return rows.map((row) => row.id);
  },

  /**
   * Gives the locked cases that have another analyst this one, with one history row each, and a new
   * edit version: a case form read before it is stale, not a way to put the old analyst back (docs/decisions/074).
   */
  assignAnalista(tx: DbOrTx, ids: readonly number[], idAnalista: number, usuario: string, msg: string): Promise<number> {
    return updateWithHistory(
      tx,
      sql`update ${casos} set ${sql.identifier(casos.id_analista.name)} = ${idAnalista}, ${sql.identifier(casos.version.name)} = ${nextVersion(casos.version)}
          where ${casos.id} = any(${idArray(ids)}) and ${casos.id_analista} is distinct from ${idAnalista} returning ${casos.id}`,
      usuario,
      msg,
    );
  },

  /** Sets or clears one flag on the locked cases where it differs, with one history row each. */
  setFlag(tx: DbOrTx, ids: readonly number[], key: FlagKey, valor: boolean, usuario: string, msg: string): Promise<number> {
    const column = casos[key];
    return updateWithHistory(
      tx,
      sql`update ${casos} set ${sql.identifier(column.name)} = ${valor}
          where ${casos.id} = any(${idArray(ids)}) and ${column} is distinct from ${valor} returning ${casos.id}`,
      usuario,
      msg,
    );
  },
};
