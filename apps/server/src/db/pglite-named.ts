import pg from 'pg';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { PGliteLike } from './pglite-remote';

type Param = string | number | bigint | boolean | Date | null | undefined;
type PreparedQuery = { client: Pick<PGliteLike, 'query'> };
type Session = { prepareQuery: (query: { sql: string }, fields: unknown, name: string | undefined, ...rest: unknown[]) => PreparedQuery };

const isPlain = (value: unknown): value is Param =>
  value === null || value === undefined || value instanceof Date || ['string', 'number', 'bigint', 'boolean'].includes(typeof value);

function literal(value: Param): string {
  if (value === null || value === undefined) return 'NULL';
  return pg.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
}

/**
 * drizzle-orm/pglite drops a statement's name: PGlite parsed and planned the hot statements
 * (prepared.ts: the session, the counters, page 1, the detail) at every request, and planning
 * page 1 cost ~10× running it (docs/decisions/056). Here a named statement is PREPAREd once in
 * PGlite's one session and run with EXECUTE, its values written in as literals (PostgreSQL types
 * them as the statement's parameters): PostgreSQL keeps its plan as it does for the same named
 * statements over `pg` (custom plans for five runs, then the generic one when it costs no more).
 */
export function keepNamedPlans(db: unknown, pglite: PGliteLike): void {
  const session = (db as { session: Session }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  const prepared = new Map<string, { sql: string; ready: Promise<unknown> }>();

  async function execute<T>(name: string, sql: string, params: unknown[] | undefined, options?: QueryOptions): Promise<Results<T>> {
    const known = prepared.get(name);
    if ((known && known.sql !== sql) || !(params ?? []).every(isPlain)) return pglite.query<T>(sql, params, options);
    const identifier = pg.escapeIdentifier(name);
    let entry = known;
    if (!entry) {
      entry = { sql, ready: pglite.exec(`PREPARE ${identifier} AS ${sql}`) };
      prepared.set(name, entry);
      entry.ready.catch(() => prepared.delete(name));
    }
    await entry.ready;
    const values = (params ?? []) as Param[];
    return pglite.query<T>(`EXECUTE ${identifier}${values.length > 0 ? `(${values.map(literal).join(', ')})` : ''}`, [], options);
  }

  session.prepareQuery = (query, fields, name, ...rest) => {
    const statement = prepareQuery(query, fields, name, ...rest);
    if (name) statement.client = { query: (sql, params, options) => execute(name, sql, params, options) };
    return statement;
  };
}
