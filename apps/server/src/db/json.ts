import { Column, is, sql, type SQL } from 'drizzle-orm';

/** A select list for JSON: table columns (as drizzle declares them) or SQL expressions. */
export type JsonSelection = Record<string, Column | SQL>;

/**
 * A value as the response carries it when read through drizzle, once PostgreSQL has written it
 * as JSON and node-postgres or PGlite has parsed it back: numeric (a string through drizzle, a
 * JSON number otherwise) goes as text; dates in string mode, times, integers, booleans and text
 * come out of JSON as they do from drizzle. Column types whose JSON differs and that no caller
 * needs yet (timestamps, dates as Date) are refused rather than silently changed.
 */
function jsonValue(value: Column | SQL): SQL | Column {
  if (!is(value, Column)) return value;
  switch (value.columnType) {
    case 'PgNumeric':
      return sql`${value}::text`;
    case 'PgTimestamp':
    case 'PgTimestampString':
    case 'PgDate':
    case 'PgNumericNumber':
    case 'PgNumericBigInt':
    case 'PgBigInt53':
    case 'PgBigInt64':
      throw new Error(`Column ${value.name} (${value.columnType}) has no JSON form here that matches drizzle's`);
    default:
      return value;
  }
}

function selectList(selection: JsonSelection): SQL {
  return sql.join(
    Object.entries(selection).map(([key, value]) => sql`${jsonValue(value)} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * A correlated subquery giving one row of `from` as a JSON object with the selection's keys in its
 * order, or null: a feature's read of its table that another statement can embed (the case
 * detail's one round trip, docs/decisions/042). `from` is `from … where …` over the feature's tables.
 */
export function jsonRow<T>(selection: JsonSelection, from: SQL): SQL<T | null> {
  return sql<T | null>`(select row_to_json(json_row) from (select ${selectList(selection)} ${from} limit 1) json_row)`;
}

/** The same for every row of `from`, as a JSON array (empty when none) ordered by `orderBy` (keys of the selection). */
export function jsonRows<T>(selection: JsonSelection, from: SQL, orderBy: readonly (keyof typeof selection & string)[]): SQL<T[]> {
  const order = sql.join(
    orderBy.map((key) => sql`json_rows.${sql.identifier(key)}`),
    sql`, `,
  );
  return sql<T[]>`(select coalesce(json_agg(json_rows order by ${order}), '[]'::json) from (select ${selectList(selection)} ${from}) json_rows)`;
}
