import { and, eq, getTableName, gte, lt, lte, sql, type Column, type Placeholder, type SQL, type Table } from 'drizzle-orm';
import { resultRows, type DbOrTx } from './client';
import { limitLiteral, offsetOf } from './prepared';
import type { PageDepth } from '../shared/paging';
import { filaContadores } from './tables/contadores';

/** Rows of a whole table that keeps a trigger counter (drizzle/0007): inspecciones, audiencias. */
export async function totalRows(db: DbOrTx, table: Table): Promise<number> {
  const [row] = await db.select({ total: filaContadores.total }).from(filaContadores).where(eq(filaContadores.tabla, getTableName(table)));
  if (!row) throw new Error(`No row counter for ${getTableName(table)}`);
  return row.total;
}

/** The same counter as a subquery, for a statement that carries it beside its rows. */
export function totalRowsSql(table: Table): SQL<number> {
  return sql<number>`(select ${filaContadores.total} from ${filaContadores} where ${filaContadores.tabla} = ${sql.raw(`'${getTableName(table)}'`)})`;
}

/**
 * A page whose every row also carries its list's total (a named statement's `total` column), as
 * the rows and the total; an empty page carries none, so `countApart` reads it.
 */
export async function rowsAndTotal<R extends { total: number }>(found: R[], countApart: () => Promise<number>): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  const [first] = found;
  if (!first) return { rows: [], total: await countApart() };
  return { rows: found.map(({ total: _total, ...row }) => row), total: first.total };
}

/**
 * A list's rows per date, kept exact by triggers: `audiencia_contadores`, `inspeccion_contadores_dia`,
 * `tarea_contadores` (per user too: `where` picks the rows of the list, their dates summed).
 * `perDay`: under `where` the table has at most one row a date, keyed by it (its primary key ends
 * with the date after the columns `where` fixes), so a running sum reads that key in date order and
 * stops at the page's date instead of grouping and sorting every date.
 */
export type DayCounts = { table: Table; day: Column; total: Column; where?: SQL; perDay?: boolean };

/** Dates from `desde`, up to `hasta` (both included) and before `antesDe`, as the list's filters give them. */
export type DayRange = { desde?: string; hasta?: string; antesDe?: string };

/**
 * A list a filter gives as rows counted per date: the counts, the filter's dates, and the rest of
 * the filter as a condition on the list (`counts.where` being the same condition on the counts).
 */
export type CountedRows = { counts: DayCounts; range: DayRange; where?: SQL };

/** A range whose dates may be a named statement's parameters. */
type DayBounds = { [K in keyof DayRange]?: string | Placeholder };

/** Which dates of a range are bounded (`desde`, `hasta`, `antesDe`; 1 = bounded): part of a named statement's key. */
export type RangeShape = `${0 | 1}${0 | 1}${0 | 1}`;
export const rangeShapeOf = (range: DayRange): RangeShape => `${range.desde ? 1 : 0}${range.hasta ? 1 : 0}${range.antesDe ? 1 : 0}`;

/** A range of that shape whose dates are the statement's parameters `desde`, `hasta`, `antesDe`. */
export function rangePlaceholders(shape: RangeShape): DayBounds {
  return {
    desde: shape[0] === '1' ? sql.placeholder('desde') : undefined,
    hasta: shape[1] === '1' ? sql.placeholder('hasta') : undefined,
    antesDe: shape[2] === '1' ? sql.placeholder('antesDe') : undefined,
  };
}

/** The range as a condition on a date column: the list's own, or its counts' (the same dates). */
export function inDayRange(day: Column, range: DayBounds): SQL | undefined {
  return and(
    range.desde ? gte(day, range.desde) : undefined,
    range.hasta ? lte(day, range.hasta) : undefined,
    range.antesDe ? lt(day, range.antesDe) : undefined,
  );
}

/** How many rows of the list fall in the range, as a subquery: a sum of one row a date. */
export function rowsInDayRangeSql(counts: DayCounts, range: DayBounds): SQL<number> {
  return sql<number>`(select coalesce(sum(${counts.total}), 0)::int from ${counts.table} where ${and(counts.where, inDayRange(counts.day, range)) ?? sql`true`})`;
}

/**
 * The total of counted rows as a subquery: the table's row counter when nothing bounds them
 * (`bounded` false: no filter, no date), else their dates summed.
 */
export function countedTotalSql(table: Table, counts: DayCounts, range: DayBounds, bounded: boolean): SQL<number> {
  return bounded ? rowsInDayRangeSql(counts, range) : totalRowsSql(table);
}

/** The total of counted rows of `table` (as countedTotalSql). */
export function countedTotal(db: DbOrTx, table: Table, counted: CountedRows): Promise<number> {
  const bounded = counted.where !== undefined || rangeShapeOf(counted.range) !== '000';
  return bounded ? rowsInDayRange(db, counted.counts, counted.range) : totalRows(db, table);
}

/** How many rows of the list fall in the range. */
export async function rowsInDayRange(db: DbOrTx, counts: DayCounts, range: DayRange): Promise<number> {
  const [row] = resultRows<{ n: number }>(await db.execute(sql`select ${rowsInDayRangeSql(counts, range)} as n`));
  return row?.n ?? 0;
}

/**
 * The ids of one page of a list ordered by a date (then by columns that break its ties), exactly
 * the rows `ORDER BY … OFFSET offset LIMIT limit` gives, without walking the `offset` entries
 * before it (docs/decisions/062): a running sum over the list's rows per date, in the list's
 * direction, names the date the page starts in and how many rows come before it; the page is read
 * from that date, skipping only that date's earlier rows. One statement, so the counts and the
 * rows are one snapshot; an offset past the end finds no date and no rows. The list is the rows
 * of `from` in the range and `where`, which must be exactly what the counts count.
 */
export function pageIdsFromDay(
  list: Omit<CountedRows, 'range'> & {
    range: DayBounds;
    from: Table;
    id: Column;
    day: Column;
    direction: 'desc' | 'asc';
    order: SQL[];
    limit: number;
    /** A number, or a named statement's parameter. */
    offset: number | Placeholder;
  },
): SQL {
  const { counts, direction } = list;
  const newestFirst = direction === 'desc';
  const countsWhere = and(counts.where, inDayRange(counts.day, list.range)) ?? sql`true`;
  const fromStart = newestFirst ? sql`${list.day} <= (select dia from inicio)` : sql`${list.day} >= (select dia from inicio)`;
  const porDia = counts.perDay
    ? sql`select ${counts.day} as dia, ${counts.total} as total from ${counts.table} where ${countsWhere}`
    : sql`select ${counts.day} as dia, sum(${counts.total})::int as total from ${counts.table} where ${countsWhere} group by 1`;
  return sql`(with inicio as (
      select dia, hasta - total as antes from (
        select dia, total, sum(total) over (order by dia ${sql.raw(direction)}) as hasta from (${porDia}) por_dia
      ) acumulado where hasta > ${list.offset}::int order by dia ${sql.raw(direction)} limit 1)
    select ${list.id} from ${list.from}
    where ${and(list.where, inDayRange(list.day, list.range), fromStart)}
    order by ${sql.join(list.order, sql`, `)}
    offset (select ${list.offset}::int - antes from inicio) limit ${limitLiteral(list.limit)})`;
}

/**
 * The ids of a page of counted rows for a named statement (docs/decisions/065), as an array for
 * `id = any(array…)`: walked from the list's start (page 1 its OFFSET written in as 0, a shallow
 * page past the `offset` parameter) or, deep, from the date its offset falls in (pageIdsFromDay).
 * `where` is the list's condition besides the range.
 */
export function countedPageIds(
  list: Omit<Parameters<typeof pageIdsFromDay>[0], 'offset'> & { depth: PageDepth },
): SQL {
  if (list.depth === 'deep') return pageIdsFromDay({ ...list, offset: sql.placeholder('offset') });
  const where = and(list.where, inDayRange(list.day, list.range)) ?? sql`true`;
  return sql`(select ${list.id} from ${list.from} where ${where} order by ${sql.join(list.order, sql`, `)} limit ${limitLiteral(list.limit)} offset ${offsetOf(list.depth === 'first')})`;
}
