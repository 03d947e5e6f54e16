import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { FIRST_CLOSED_ESTADO, INSPECCION_ESTADOS, type ValoresFiltro, type ValoresRow } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { casos } from '../../db/tables/casos';
import { inspecciones } from '../../db/tables/inspeccion';
import { companias, estados, productos } from '../../db/tables/reference';

/**
 * Closed cases only. Written as a literal (not a bind parameter) so the planner can match the
 * partial index casos_cierre_idx (`WHERE id_estado >= 8`).
 */
const IS_CLOSED = sql`${casos.id_estado} >= ${sql.raw(String(FIRST_CLOSED_ESTADO))}`;

/** The amount of the case's latest Finalizada inspection (inspecciones_caso_idx). */
const MONTO_INSPECCION = sql<string | null>`(
  select ${inspecciones.monto_inspeccion} from ${inspecciones}
  where ${inspecciones.id_caso} = ${casos.id} and ${inspecciones.estado} = ${INSPECCION_ESTADOS.FINALIZADA}
  order by ${inspecciones.fecha_cierre} desc nulls last, ${inspecciones.id} desc
  limit 1
)`;

function conditions(filtro: ValoresFiltro | null): SQL {
  const where: SQL[] = [IS_CLOSED];
  if (filtro?.compania) where.push(eq(casos.id_compania, Number(filtro.compania)));
  if (filtro?.fechaDesde) where.push(gte(casos.fecha_cierre, filtro.fechaDesde));
  if (filtro?.fechaHasta) where.push(lte(casos.fecha_cierre, filtro.fechaHasta));
  return and(...where)!;
}

export const valoresRepository = {
  /**
   * One page of closed cases, latest closing date first, and how many match. The order is the
   * index's read backwards (fecha_cierre DESC), with ties by id resolved on the few rows per date.
   */
  async page(db: DbOrTx, filtro: ValoresFiltro | null, limit: number, offset: number): Promise<{ rows: ValoresRow[]; total: number }> {
    const where = conditions(filtro);
    const [rows, [count]] = await Promise.all([
      db
        .select({
          id: casos.id,
          id_estado: casos.id_estado,
          nombre_compania: companias.nombre,
          estado: estados.nombre,
          producto: productos.nombre,
          fecha_creado: casos.fecha_creado,
          fecha_cierre: casos.fecha_cierre,
          monto_inspeccion: MONTO_INSPECCION,
          valor_ofertado: casos.valor_ofertado,
        })
        .from(casos)
        .innerJoin(companias, eq(companias.id, casos.id_compania))
        .innerJoin(estados, eq(estados.id, casos.id_estado))
        .leftJoin(productos, eq(productos.id, casos.id_producto))
        .where(where)
        .orderBy(sql`${casos.fecha_cierre} desc`, sql`${casos.id} desc`)
        .limit(limit)
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(casos).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
};
