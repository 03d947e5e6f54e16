import { getTableName } from 'drizzle-orm';
import pg from 'pg';
import { sessions } from '../db/tables/users';

/**
 * The logical copy of the application's tables shared by the backup (a JSON-lines dump) and by
 * `migrate-to` (PGlite → PostgreSQL): the tables in load order, their rows read in batches as
 * `row_to_json` text and written back with `json_populate_recordset`. Works on any connection
 * with a `query(text, params)` that answers `{ rows }`: node-postgres and PGlite both do.
 */

export type Queryable = { query: <T>(text: string, params?: unknown[]) => Promise<{ rows: T[] }> };

/** The schemas the application owns: its tables and drizzle's migration ledger. */
export const SCHEMAS = ['public', 'drizzle'];
export const ROWS_PER_BATCH = 1000;
/**
 * Sessions are never copied: a restore must not bring back sessions that were ended since
 * (logout, revocation, password change), and a moved office signs in again on its new server.
 */
export const SESSIONS_TABLE = getTableName(sessions);

export type TableInfo = { schema: string; name: string; columns: string[] };

export const qualified = (table: { schema: string; name: string }) => `${pg.escapeIdentifier(table.schema)}.${pg.escapeIdentifier(table.name)}`;

export const isSessions = (table: { schema: string; name: string }) => table.schema === 'public' && table.name === SESSIONS_TABLE;

/** The application's tables, parents before children (foreign keys), with their columns. */
export async function tablesInLoadOrder(client: Queryable): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ oid: number; schema: string; name: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1) order by 2, 3`,
    [SCHEMAS],
  );
  const { rows: links } = await client.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f' and conrelid <> confrelid`,
  );
  const ordered: typeof tables = [];
  const placed = new Set<number>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) =>
        !placed.has(table.oid) &&
        links.every((link) => link.child !== table.oid || placed.has(link.parent) || !tables.some((t) => t.oid === link.parent)),
    );
    if (ready.length === 0) throw new Error('Foreign keys form a cycle: the logical copy cannot order the tables');
    for (const table of ready) {
      placed.add(table.oid);
      ordered.push(table);
    }
  }
  const result: TableInfo[] = [];
  for (const table of ordered) {
    const { rows } = await client.query<{ column_name: string }>(
      `select column_name::text from information_schema.columns where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position`,
      [table.schema, table.name],
    );
    result.push({ schema: table.schema, name: table.name, columns: rows.map((row) => row.column_name) });
  }
  return result;
}

/**
 * The rows of `table` as JSON text, `ROWS_PER_BATCH` at a time, through a cursor: the caller
 * holds the transaction (a REPEATABLE READ snapshot on PostgreSQL; PGlite has one session).
 */
export async function* readRowBatches(client: Queryable, table: TableInfo): AsyncGenerator<string[]> {
  await client.query(`DECLARE dump_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${qualified(table)} t`);
  try {
    for (;;) {
      const { rows } = await client.query<{ j: string }>(`FETCH ${ROWS_PER_BATCH} FROM dump_rows`);
      if (rows.length === 0) break;
      yield rows.map((row) => row.j);
    }
  } finally {
    await client.query('CLOSE dump_rows');
  }
}

/** Writes a batch of rows, given as one JSON array text, into `table`: one statement. */
export async function insertRows(client: Queryable, table: TableInfo, rowsJson: string): Promise<void> {
  const columns = table.columns.map((column) => pg.escapeIdentifier(column)).join(', ');
  await client.query(
    `INSERT INTO ${qualified(table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(null::${qualified(table)}, $1::json)`,
    [rowsJson],
  );
}

export type SequenceValue = { schema: string; name: string; value: string | null };

export async function readSequences(client: Queryable): Promise<SequenceValue[]> {
  const { rows } = await client.query<SequenceValue>(
    `select schemaname::text as schema, sequencename::text as name, last_value::text as value from pg_sequences where schemaname = any($1) order by 1, 2`,
    [SCHEMAS],
  );
  return rows;
}

export async function writeSequences(client: Queryable, sequences: readonly SequenceValue[]): Promise<void> {
  for (const sequence of sequences) {
    const name = qualified(sequence);
    if (sequence.value === null) await client.query(`SELECT setval($1::regclass, 1, false)`, [name]);
    else await client.query(`SELECT setval($1::regclass, $2::bigint, true)`, [name, sequence.value]);
  }
}
