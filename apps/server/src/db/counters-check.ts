import { sql, type SQL } from 'drizzle-orm';
import { FIRST_CLOSED_ESTADO } from '@siniestros/domain';
import { resultRows, type DbOrTx } from './client';
import { CASO_BLOQUE_BITS, CASO_TRAMO_BITS } from './tables/casos';

/**
 * How many rows of a trigger-kept counter table differ from `counts` (its key columns and the
 * total they should hold): missing on either side or holding another total. A row the trigger
 * left at 0 counts as no row.
 */
const differingRows = (table: string, keys: string, counts: SQL): SQL =>
  sql`select count(*)::int as n from (${counts}) r
    full join (select * from ${sql.identifier(table)} where total <> 0) k using (${sql.raw(keys)})
    where r.total is distinct from k.total`;

const CERRADO = sql`id_estado >= ${sql.raw(String(FIRST_CLOSED_ESTADO))}`;
const VIGENTE = sql`id_estado < ${sql.raw(String(FIRST_CLOSED_ESTADO))}`;

/** Each counter table (docs/decisions/052) against a count of what it counts. */
const COUNTER_CHECKS = {
  caso_contadores: differingRows('caso_contadores', 'cerrado', sql`select ${CERRADO} as cerrado, count(*)::int as total from casos group by 1`),
  caso_bloques: differingRows(
    'caso_bloques',
    'bloque, cerrado',
    sql`select id >> ${CASO_BLOQUE_BITS} as bloque, ${CERRADO} as cerrado, count(*)::int as total from casos group by 1, 2`,
  ),
  caso_tramos: differingRows(
    'caso_tramos',
    'tramo, cerrado',
    sql`select id >> ${CASO_TRAMO_BITS} as tramo, ${CERRADO} as cerrado, count(*)::int as total from casos group by 1, 2`,
  ),
  caso_contadores_estado: differingRows(
    'caso_contadores_estado',
    'id_estado, id_analista',
    sql`select id_estado, coalesce(id_analista, 0) as id_analista, count(*)::int as total from casos group by 1, 2`,
  ),
  caso_contadores_compania: differingRows(
    'caso_contadores_compania',
    'id_estado, id_compania, id_analista',
    sql`select id_estado, id_compania, coalesce(id_analista, 0) as id_analista, count(*)::int as total from casos group by 1, 2, 3`,
  ),
  caso_contadores_dia: differingRows(
    'caso_contadores_dia',
    'campo, dia',
    sql`select 'alta' as campo, fecha_creado as dia, count(*)::int as total from casos where ${VIGENTE} group by 2
      union all select 'estado', fecha_estado, count(*)::int from casos where ${VIGENTE} group by 2
      union all select 'cierre', fecha_cierre, count(*)::int from casos where ${CERRADO} and fecha_cierre is not null group by 2
      union all select 'cierre_mes', date_trunc('month', fecha_cierre)::date, count(*)::int from casos where ${CERRADO} and fecha_cierre is not null group by 2`,
  ),
  audiencia_contadores: differingRows('audiencia_contadores', 'fechah', sql`select fechah, count(*)::int as total from audiencias group by 1`),
  tarea_contadores: differingRows(
    'tarea_contadores',
    'id_usuario, vence',
    sql`select id_usuario, vence, count(*)::int as total from tareas where hecha is null group by 1, 2`,
  ),
  inspeccion_contadores_dia: differingRows(
    'inspeccion_contadores_dia',
    'fecha_inspeccion',
    sql`select fecha_inspeccion, count(*)::int as total from inspecciones group by 1`,
  ),
  inspeccion_contadores: differingRows(
    'inspeccion_contadores',
    'estado, id_inspector, fecha_inspeccion',
    sql`select estado, id_inspector, fecha_inspeccion, count(*)::int as total from inspecciones group by 1, 2, 3`,
  ),
  inspeccion_contadores_producto: differingRows(
    'inspeccion_contadores_producto',
    'id_producto, fecha_inspeccion',
    sql`select id_producto, fecha_inspeccion, count(*)::int as total from inspecciones group by 1, 2`,
  ),
  audiencia_contadores_compania: differingRows(
    'audiencia_contadores_compania',
    'id_compania, fechah',
    sql`select id_compania, fechah, count(*)::int as total from audiencias group by 1, 2`,
  ),
} satisfies Record<string, SQL>;

export type CounterTable = keyof typeof COUNTER_CHECKS;
export const COUNTER_TABLES = Object.keys(COUNTER_CHECKS) as CounterTable[];

/** How many rows of each of `tables` differ from a count of what it counts (0 = exact), one statement each. */
export async function differingCounterRows<T extends CounterTable>(db: DbOrTx, tables: readonly T[]): Promise<Record<T, number>> {
  const differing = {} as Record<T, number>;
  for (const table of tables) {
    const result = await db.execute(COUNTER_CHECKS[table]);
    differing[table] = Number(resultRows<{ n: number }>(result)[0]!.n);
  }
  return differing;
}
