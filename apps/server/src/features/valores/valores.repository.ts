import { and, eq, sql, type SQL } from 'drizzle-orm';
import { FIRST_CLOSED_ESTADO, INSPECCION_ESTADOS, type ValoresFiltro, type ValoresRow } from '@siniestros/domain';
import { resultRows, type DbOrTx } from '../../db/client';
import { pageSlice, preparedPerDatabase, statementPerKey } from '../../db/prepared';
import { pageWindow } from '../../shared/paging';
import { casoContadores, casos } from '../../db/tables/casos';
import { inspecciones } from '../../db/tables/inspeccion';
import { companias, estados, productos } from '../../db/tables/reference';
import { pagadoDelCaso, pendienteDelCaso } from '../pagos';

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

/** Which filters a statement has (each value a parameter), and for a page its direction and size. */
type Shape = { compania: boolean; desde: boolean; hasta: boolean };
type PageShape = Shape & { fromDay: boolean; fromOldest: boolean; firstPage: boolean; limit: number };
const shapeOf = (filtro: ValoresFiltro | null): Shape => ({ compania: Boolean(filtro?.compania), desde: Boolean(filtro?.fechaDesde), hasta: Boolean(filtro?.fechaHasta) });
const flags = (...bits: boolean[]) => bits.map(Number).join('');

/** The statements' parameters: the filter's values, and a page's closing dates and offset. */
function parameters(filtro: ValoresFiltro | null, days: PageDays | null, offset: number) {
  return {
    compania: Number(filtro?.compania || 0),
    desde: filtro?.fechaDesde ?? '',
    hasta: filtro?.fechaHasta ?? '',
    newest: days?.newest ?? '',
    oldest: days?.oldest ?? '',
    offset,
  };
}

function conditions(shape: Shape & { fromDay?: boolean }): SQL {
  const where: SQL[] = [IS_CLOSED];
  if (shape.compania) where.push(sql`${casos.id_compania} = ${sql.placeholder('compania')}::int`);
  if (shape.desde) where.push(sql`${casos.fecha_cierre} >= ${sql.placeholder('desde')}::date`);
  if (shape.hasta) where.push(sql`${casos.fecha_cierre} <= ${sql.placeholder('hasta')}::date`);
  // Both ends: with the offset a parameter, an open range would cost the generic plan a tenth of the rows, and PostgreSQL would plan every execution.
  if (shape.fromDay) where.push(sql`${casos.fecha_cierre} between ${sql.placeholder('oldest')}::date and ${sql.placeholder('newest')}::date`);
  return and(...where)!;
}

/** A company's matches, counted: one named statement per filter shape. */
const countStatements = preparedPerDatabase((db) =>
  statementPerKey((key: string) => {
    const [compania, desde, hasta] = [...key].map((bit) => bit === '1') as [boolean, boolean, boolean];
    return db
      .select({ n: sql<number>`count(*)::int` })
      .from(casos)
      .where(conditions({ compania, desde, hasta }))
      .prepare(`valores_count_${key}`);
  }),
);

/**
 * One page, its ids found first: one named statement per filter shape, direction, page size and
 * form (pageSlice: the size written in, an offset of 0 too), the values and a later offset
 * parameters, so PostgreSQL keeps a generic plan instead of planning each request (~0.9 ms at 1M
 * cases; with the offset a parameter page 1 was still planned every time, 1.2 ms).
 */
const pageStatements = preparedPerDatabase((db) =>
  statementPerKey((key: string) => {
    const [bits, limit] = key.split('_') as [string, string];
    const [compania, desde, hasta, fromDay, fromOldest, firstPage] = [...bits].map((bit) => bit === '1') as [boolean, boolean, boolean, boolean, boolean, boolean];
    const order = fromOldest ? OLDEST_FIRST : NEWEST_FIRST;
    const page = db
      .$with('page_ids')
      .as(
        pageSlice(
          db
            .select({ pageId: casos.id })
            .from(casos)
            .where(conditions({ compania, desde, hasta, fromDay }))
            .orderBy(...order),
          Number(limit),
          firstPage,
        ),
      );
    return db
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
        valor_acordado: casos.valor_acordado,
        valor_pagado: pagadoDelCaso(casos.id),
        valor_pendiente: pendienteDelCaso(casos.id, casos.valor_acordado),
      })
      .from(page)
      .innerJoin(casos, eq(casos.id, page.pageId))
      .innerJoin(companias, eq(companias.id, casos.id_compania))
      .innerJoin(estados, eq(estados.id, casos.id_estado))
      .leftJoin(productos, eq(productos.id, casos.id_producto))
      .orderBy(...order)
      .prepare(`valores_page_${key}`);
  }),
);
const pageKey = (shape: PageShape) => `${flags(shape.compania, shape.desde, shape.hasta, shape.fromDay, shape.fromOldest, shape.firstPage)}_${shape.limit}`;

type DateRange = { desde: string | null; hasta: string | null };
const dateRange = (filtro: ValoresFiltro | null): DateRange => ({ desde: filtro?.fechaDesde || null, hasta: filtro?.fechaHasta || null });

/**
 * Closed cases per closing month in the range, newest first: the months wholly inside from the
 * 'cierre_mes' rows, a partial first or last month from its 'cierre' day rows in the range.
 */
function closingsPerMonth({ desde, hasta }: DateRange): SQL {
  const monthAfterDesde = desde ? sql`(date_trunc('month', ${desde}::date) + interval '1 month')::date` : null;
  const monthOfHasta = hasta ? sql`date_trunc('month', ${hasta}::date)::date` : null;
  const wholeMonths = [sql`campo = 'cierre_mes'`];
  if (monthAfterDesde) wholeMonths.push(sql`dia >= ${monthAfterDesde}`);
  if (monthOfHasta) wholeMonths.push(sql`dia < ${monthOfHasta}`);
  const parts = [sql`select dia, total from caso_contadores_dia where ${and(...wholeMonths)}`];
  if (monthAfterDesde)
    parts.push(sql`select date_trunc('month', dia)::date, total from caso_contadores_dia
      where campo = 'cierre' and dia >= ${desde}::date and dia < ${hasta ? sql`least(${monthAfterDesde}, ${hasta}::date + 1)` : monthAfterDesde}`);
  if (monthOfHasta)
    parts.push(sql`select date_trunc('month', dia)::date, total from caso_contadores_dia
      where campo = 'cierre' and dia >= ${monthAfterDesde ? sql`greatest(${monthOfHasta}, ${monthAfterDesde})` : monthOfHasta} and dia <= ${hasta}::date`);
  return sql`select dia::text as mes, sum(total)::int as total from (${sql.join(parts, sql` union all `)}) p(dia, total)
    group by dia having sum(total) <> 0 order by dia desc`;
}

/** Closed cases per closing date of one month (its first day `mes`) in the range, newest first. */
function closingsPerDay(mes: string, { desde, hasta }: DateRange): SQL {
  const from = desde ? sql`greatest(${mes}::date, ${desde}::date)` : sql`${mes}::date`;
  const nextMonth = sql`(${mes}::date + interval '1 month')::date`;
  const to = hasta ? sql`least(${nextMonth}, ${hasta}::date + 1)` : nextMonth;
  return sql`select dia::text as mes, total from caso_contadores_dia where campo = 'cierre' and dia >= ${from} and dia < ${to} and total <> 0 order by dia desc`;
}

/** The row (newest first) whose entries hold the `offset`-th one, and how many of its entries come before it. */
function startingIn<R extends { total: number }>(rows: readonly R[], offset: number): { row: R; skip: number } | null {
  let before = 0;
  for (const row of rows) {
    if (before + row.total > offset) return { row, skip: offset - before };
    before += row.total;
  }
  return null;
}

/** The matching total, the closed cases without a closing date among them, and for a deep page the closing dates it lies between. */
export type ValoresLocation = { total: number; undated: number; days: PageDays | null };
/**
 * The closing dates a page's entries lie between (`oldest` '-infinity' when it runs to the end)
 * and how many entries of its newest date come before it.
 */
type PageDays = { newest: string; oldest: string; skip: number };

const NEWEST_FIRST = [sql`${casos.fecha_cierre} desc`, sql`${casos.id} desc`];
const OLDEST_FIRST = [sql`${casos.fecha_cierre} asc`, sql`${casos.id} asc`];

export const valoresRepository = {
  /**
   * How many closed cases match and, given the offset of a deep page (newest first), the closing
   * date it starts in. Without a company both come from the closed cases per closing month and day
   * that the trigger keeps (caso_contadores_dia, drizzle/0023, docs/decisions/060): at most one row
   * a month and the days of two months, whatever the depth and the number of cases. Closed cases
   * without a closing date sort first (DESC puts nulls first): they are the closed total less the
   * dated ones. With a company, a count of casos_cierre_idx and no date.
   */
  async locate(db: DbOrTx, filtro: ValoresFiltro | null, page?: { offset: number; limit: number }): Promise<ValoresLocation> {
    const shape = shapeOf(filtro);
    if (shape.compania) {
      const [row] = await countStatements(db)(flags(shape.compania, shape.desde, shape.hasta)).execute(parameters(filtro, null, 0));
      return { total: row?.n ?? 0, undated: 0, days: null };
    }
    const range = dateRange(filtro);
    const [months, closed] = await Promise.all([
      resultRows<{ mes: string; total: number }>(await db.execute(closingsPerMonth(range))),
      range.desde || range.hasta ? null : db.select({ n: casoContadores.total }).from(casoContadores).where(eq(casoContadores.cerrado, true)),
    ]);
    const dated = months.reduce((sum, month) => sum + month.total, 0);
    // Unfiltered, the closed cases' counter is the total (docs/decisions/002); the month rows leave out the undated.
    const total = closed ? (closed[0]?.n ?? 0) : dated;
    const undated = total - dated;
    if (!page || page.offset < undated) return { total, undated, days: null };
    const first = startingIn(months, page.offset - undated);
    if (!first) return { total, undated, days: null };
    const last = startingIn(months, page.offset - undated + page.limit - 1);
    const days = resultRows<{ mes: string; total: number }>(await db.execute(closingsPerDay(first.row.mes, range)));
    // The month and its days are read by two statements: a closing committed between them may
    // leave no day, and the page is then read by OFFSET alone.
    const newest = startingIn(days, first.skip);
    if (!newest) return { total, undated, days: null };
    // The page's last entry: on a day of the same month, or in an older month (its first day), or past the end.
    const oldest = last?.row === first.row ? startingIn(days, first.skip + page.limit - 1)?.row.mes : last?.row.mes;
    return { total, undated, days: { newest: newest.row.mes, oldest: oldest ?? '-infinity', skip: newest.skip } };
  },

  /**
   * One page of closed cases, latest closing date first (ties by id, newest first). Its ids are
   * found first, walking casos_cierre_idx alone; only those rows get their names and their
   * inspection amount: read whole, every row the OFFSET skipped got them too (the last page of a
   * year at 1M cases took ~490 ms of CPU). Given the closing date the page starts in (`locate`),
   * the OFFSET walks only that date's entries; otherwise, given the total, a page past the middle
   * is read from the oldest end (shared/paging.ts pageWindow).
   */
  async page(db: DbOrTx, filtro: ValoresFiltro | null, limit: number, offset: number, where?: ValoresLocation): Promise<ValoresRow[]> {
    const window = where?.days ? { fromOldest: false, limit, offset: where.days.skip } : pageWindow(limit, offset, where?.total);
    if (!window) return [];
    const shape = { ...shapeOf(filtro), fromDay: Boolean(where?.days), fromOldest: window.fromOldest, firstPage: window.offset === 0, limit: window.limit };
    const statement = pageStatements(db)(pageKey(shape));
    const rows = await statement.execute(parameters(filtro, where?.days ?? null, window.offset));
    return window.fromOldest ? rows.reverse() : rows;
  },
};
