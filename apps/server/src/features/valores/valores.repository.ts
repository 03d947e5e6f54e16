import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { FIRST_CLOSED_ESTADO, INSPECCION_ESTADOS, type ValoresFiltro, type ValoresRow } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { pageWindow } from '../../shared/paging';
import { casoContadores, casos } from '../../db/tables/casos';
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

const NEWEST_FIRST = [sql`${casos.fecha_cierre} desc`, sql`${casos.id} desc`];
const OLDEST_FIRST = [sql`${casos.fecha_cierre} asc`, sql`${casos.id} asc`];

export const valoresRepository = {
  /**
   * How many closed cases match: without a filter, the closed cases' counter (trigger-kept,
   * docs/decisions/002; counting them walked 400k index entries at 1M cases, ~50 ms); otherwise
   * a count of casos_cierre_idx (index-only without a company).
   */
  async count(db: DbOrTx, filtro: ValoresFiltro | null): Promise<number> {
    const filtered = Boolean(filtro?.compania || filtro?.fechaDesde || filtro?.fechaHasta);
    const [row] = filtered
      ? await db.select({ n: sql<number>`count(*)::int` }).from(casos).where(conditions(filtro))
      : await db.select({ n: casoContadores.total }).from(casoContadores).where(eq(casoContadores.cerrado, true));
    return row?.n ?? 0;
  },

  /**
   * One page of closed cases, latest closing date first (ties by id, newest first). Its ids are
   * found first, walking casos_cierre_idx alone; only those 20 rows get their names and their
   * inspection amount: read whole, every row the OFFSET skipped got them too (the last page of a
   * year at 1M cases took ~490 ms of CPU). Given the total, a page past the middle is read from
   * the oldest end (shared/paging.ts pageWindow).
   */
  async page(db: DbOrTx, filtro: ValoresFiltro | null, limit: number, offset: number, total?: number): Promise<ValoresRow[]> {
    const window = pageWindow(limit, offset, total);
    if (!window) return [];
    const order = window.fromOldest ? OLDEST_FIRST : NEWEST_FIRST;
    const page = db
      .$with('page_ids')
      .as(db.select({ pageId: casos.id }).from(casos).where(conditions(filtro)).orderBy(...order).limit(window.limit).offset(window.offset));
    const rows = await db
      .with(page)
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
      .from(page)
      .innerJoin(casos, eq(casos.id, page.pageId))
      .innerJoin(companias, eq(companias.id, casos.id_compania))
      .innerJoin(estados, eq(estados.id, casos.id_estado))
      .leftJoin(productos, eq(productos.id, casos.id_producto))
      .orderBy(...order);
    return window.fromOldest ? rows.reverse() : rows;
  },
};
