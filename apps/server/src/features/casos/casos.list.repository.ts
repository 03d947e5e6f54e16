import { and, eq, gt, lt, lte, sql, type Column, type SQL } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import { FIRST_CLOSED_ESTADO, type CasoFiltro } from '@siniestros/domain';
import { resultRows, type Db, type DbOrTx } from '../../db/client';
import type { PlazoEstado } from '../../db/plazo-estados';
import { casoPlazoEstados } from '../../db/tables/plazos';
import { casoContadoresCompania } from '../../db/tables/contadores';
import { limitLiteral, pageSlice, preparedPerDatabase, statementPerKey } from '../../db/prepared';
import { pageWindow } from '../../shared/paging';
import type { Contadores } from './casos.repository';
import { countedConditions, strposContains, type CasoFilterSql } from './casos.list.filters';
import { EXPORT_ROW_JSON, LIST_ROW, withTercero, type CasoExportRowJson, type CasoRowJson } from './casos.list.rows';
import { CASO_BLOQUE_BITS, CASO_TRAMO_BITS, asegurados, casoBloques, casoContadores, casoTramos, casos } from '../../db/tables/casos';

/*
 * The case list's paging strategies (docs/architecture.md maps each to its decision record): page
 * 1 and the counted lists' pages as named statements, the Plazo filter's stored cases, a walked
 * quick search, a filtered page's ids then its rows, a capped search's deep page, the counts and
 * the export's keyset batches. The WHERE they run is casos.list.filters.ts, the rows they select
 * casos.list.rows.ts.
 */

/** Matches the `(..., id DESC NULLS LAST)` indexes of db/tables/casos.ts (a plain DESC would sort: PostgreSQL cannot read a NULLS FIRST index backwards for it). */
const NEWEST_FIRST = sql`${casos.id} desc nulls last`;
/** The same indexes read backwards. */
const OLDEST_FIRST = sql`${casos.id} asc nulls first`;

/** Vigentes and Cerrados (trigger-kept, docs/decisions/002) as two columns of page 1. */
const CONTADORES = {
  vigentes: sql<number>`(select ${casoContadores.total} from ${casoContadores} where not ${casoContadores.cerrado})`,
  cerrados: sql<number>`(select ${casoContadores.total} from ${casoContadores} where ${casoContadores.cerrado})`,
};

/**
 * Page 1 of all cases, the screen everybody opens: read straight off the id index, with the
 * counters in the same statement (one round trip, one snapshot), each row as JSON text that the
 * response carries as it is (parsing 37 fields a row into objects and writing them back as JSON
 * was most of the request's time in Node). One named statement per page size, the size written
 * into it: a statement without parameters is planned once per connection, where a parameter
 * made PostgreSQL plan it at every request (0.43 of its 0.56 ms at 1M cases). Page sizes are
 * 1-100 (pagingQuery), so at most 100 statements.
 */
const firstPageStatements = preparedPerDatabase((db) =>
  statementPerKey((limit: number) =>
    withTercero(db.select({ ...LIST_ROW, ...CONTADORES }).from(casos).$dynamic())
      .orderBy(NEWEST_FIRST)
      .limit(limitLiteral(limit) as unknown as number)
      .prepare(`casos_first_page_${limit}`),
  ),
);

/** A list whose total is a counter (docs/decisions/002): every case, 'Vigentes' or 'Cerrados'. */
export type CountedList = 'todos' | 'vigentes' | 'cerrados';

/** Written into the statement, not sent as a parameter: only then can PostgreSQL use the partial indexes `casos_vigentes_id_idx` / `casos_cerrados_id_idx`. */
const FIRST_CLOSED = sql.raw(String(FIRST_CLOSED_ESTADO));
const BLOQUE_BITS = sql.raw(String(CASO_BLOQUE_BITS));
const BLOQUES_POR_TRAMO_BITS = sql.raw(String(CASO_TRAMO_BITS - CASO_BLOQUE_BITS));

/**
 * The ids of one page of a counted list, newest first, exactly the rows `ORDER BY id DESC OFFSET
 * offset LIMIT limit` gives, without walking `offset` index entries (docs/decisions/042): the
 * per-tramo counts of caso_tramos are summed newest first until they pass `offset` (ten rows at
 * 10M cases), then the per-block counts of that tramo only (at most 1,024 rows), which name the
 * block the page starts in and how many cases come before it; the page is then read from that
 * block's upper bound, skipping fewer than 1,024 entries of the id index (the partial one for
 * 'Vigentes' / 'Cerrados', index-only). One statement, so the counts and the rows are one
 * snapshot. An offset past the end finds no tramo: no rows.
 */
function countedPageIds(list: CountedList, limit: SQL, offset: SQL): SQL {
  // 'Vigentes' or 'Cerrados' is one row per tramo or block, read newest first from the primary
  // key: the running sum stops at the page's row. Every case sums each one's two rows first.
  const counts = (table: typeof casoTramos | typeof casoBloques, key: Column, range = sql`true`) =>
    list === 'todos'
      ? sql`(select ${key} as n, sum(${table.total})::int as total from ${table} where ${range} group by 1)`
      : sql`(select ${key} as n, ${table.total} as total from ${table} where ${table.cerrado} = ${sql.raw(list === 'cerrados' ? 'true' : 'false')} and ${range})`;
  const firstBlock = sql`(select tramo from en_tramo) << ${BLOQUES_POR_TRAMO_BITS}`;
  const nextTramo = sql`((select tramo from en_tramo) + 1) << ${BLOQUES_POR_TRAMO_BITS}`;
  const condition =
    list === 'todos' ? sql`true` : list === 'vigentes' ? sql`${casos.id_estado} < ${FIRST_CLOSED}` : sql`${casos.id_estado} >= ${FIRST_CLOSED}`;
  return sql`(with en_tramo as (
      select n as tramo, hasta - total as antes from (
        select n, total, sum(total) over (order by n desc) as hasta from ${counts(casoTramos, casoTramos.tramo)} por_tramo
      ) acumulado where hasta > ${offset} order by n desc limit 1),
    inicio as (
      select n as bloque, hasta - total as antes from (
        select n, total, (select antes from en_tramo) + sum(total) over (order by n desc) as hasta
        from ${counts(casoBloques, casoBloques.bloque, sql`${casoBloques.bloque} >= ${firstBlock} and ${casoBloques.bloque} < ${nextTramo}`)} por_bloque
      ) acumulado where hasta > ${offset} order by n desc limit 1)
    select ${casos.id} from ${casos}
    where ${condition} and ${casos.id} < (select (bloque + 1) << ${BLOQUE_BITS} from inicio)
    order by ${NEWEST_FIRST} offset (select ${offset}::int - antes from inicio) limit ${limit})`;
}

/**
 * Any page of a counted list (countedPageIds) with the counters, one round trip: one named
 * statement per list and page size, the size written in and the offset a parameter. So
 * PostgreSQL keeps a generic plan per connection after five executions (planning was ~1 of the
 * ~2.7 ms of SQL at 1M cases); with the size a parameter too it plans every execution.
 */
const countedPageStatements = preparedPerDatabase((db) =>
  statementPerKey((key: `${CountedList}:${number}`) => {
    const [list, limit] = key.split(':') as [CountedList, string];
    return withTercero(db.select({ ...LIST_ROW, ...CONTADORES }).from(casos).$dynamic())
      .where(sql`${casos.id} in ${countedPageIds(list, limitLiteral(Number(limit)), sql`${sql.placeholder('offset')}::int`)}`)
      .orderBy(NEWEST_FIRST)
      .prepare(`casos_${list}_page_${limit}`);
  }),
);

/** The list rows of a page whose ids `pageIds` selects (as `pageId`), newest first: the body of a named page statement. */
function pageRows(db: DbOrTx, pageIds: TypedQueryBuilder<{ pageId: Column }>) {
  const page = db.$with('page_ids').as(pageIds);
  return withTercero(db.with(page).select(LIST_ROW).from(page).innerJoin(casos, eq(casos.id, page.pageId)).$dynamic()).orderBy(NEWEST_FIRST);
}

/**
 * The Plazo filter's stored cases (docs/decisions/057) in id order, their primary key read;
 * casos is joined only for the filter's other conditions (every stored id is a case's).
 */
function storedPlazoIds(db: DbOrTx, plazo: PlazoEstado | SQL, where: SQL | undefined, fromOldest: boolean) {
  const e = casoPlazoEstados;
  const stored = db.select({ pageId: e.id_caso }).from(e).$dynamic();
  const ids = where ? stored.innerJoin(casos, eq(casos.id, e.id_caso)) : stored;
  return ids.where(and(eq(e.plazo, plazo), where)).orderBy(fromOldest ? sql`${e.id_caso} asc` : sql`${e.id_caso} desc`);
}

/**
 * A page of the Plazo filter alone, newest first: one named statement per state, page size and
 * form (page 1 with OFFSET 0 written in, keeping its plan; a later page with the offset a
 * parameter), so no request builds or parses it again.
 */
const plazoPageStatements = preparedPerDatabase((db) =>
  statementPerKey((key: `${PlazoEstado}:${number}:${'first' | 'later'}`) => {
    const [plazo, limit, form] = key.split(':') as [PlazoEstado, string, 'first' | 'later'];
    // Written into the statement (one per state): only the two states a key can name.
    if (plazo !== 'vencido' && plazo !== 'por_vencer') throw new Error(`Bad plazo ${plazo}`);
    const ids = pageSlice(storedPlazoIds(db, sql.raw(`'${plazo}'`), undefined, false), Number(limit), form === 'first');
    return pageRows(db, ids).prepare(`casos_plazo_${plazo}_page_${limit}_${form}`);
  }),
);

/**
 * A page of a quick search alone met walking the id index newest first (TextMatch 'walk'): one
 * named statement per number of words, page size and form (page 1 with OFFSET 0 written in), the
 * words parameters. PostgreSQL estimates `strpos` the same for any word, so the plan it keeps is
 * the walk it plans for each (decision 068): parsing and planning the dynamic statement was about
 * a third of the database's CPU for a page of the commonest surname.
 */
const searchWalkStatements = preparedPerDatabase((db) =>
  statementPerKey((key: `${number}:${number}:${'first' | 'later'}`) => {
    const [words, limit, form] = key.split(':') as [string, string, 'first' | 'later'];
    const contains = Array.from({ length: Number(words) }, (_, i) => strposContains(casos.busqueda, sql.placeholder(`w${i}`)));
    const ids = pageSlice(
      db
        .select({ pageId: casos.id })
        .from(casos)
        .where(and(...contains))
        .orderBy(NEWEST_FIRST),
      Number(limit),
      form === 'first',
    );
    return pageRows(db, ids).prepare(`casos_busqueda_${words}_page_${limit}_${form}`);
  }),
);

/**
 * The list rows of a page's ids (a search's page), one named statement: the ids are one array
 * parameter, so the text never changes and PostgreSQL keeps one generic plan per connection.
 */
const rowsByIdsStatement = preparedPerDatabase((db) =>
  withTercero(db.select(LIST_ROW).from(casos).where(sql`${casos.id} = any(${sql.placeholder('ids')}::int[])`).$dynamic())
    .orderBy(NEWEST_FIRST)
    .prepare('casos_rows_by_ids'),
);

/** The list rows of these cases, newest first. */
async function rowsByIds(db: DbOrTx, ids: readonly number[]): Promise<CasoRowJson[]> {
  return ids.length === 0 ? [] : rowsByIdsStatement(db).execute({ ids: [...ids] });
}

/**
 * How many of the newest cases a deep page of a capped search walks first (deepSearchPage): 3-5 ms
 * at 1M cases. And what collecting one match costs in cases walked: a trip through the search's
 * index to the case, its check and its sort, against one step of the id index and its check
 * (~2.5 µs against ~0.3 at 1M cases, docs/decisions/069).
 */
export const PROBED_CASES = 10_000;
export const COLLECT_COST_PER_MATCH = 8;

/** How deepSearchPage found its page: among the probed cases, walking on, or collecting every match. */
export type DeepSearchRead = 'probe' | 'walk' | 'collect';

/**
 * The statement's snapshot as text (xmin:xmax:in-progress ids): two statements that show the same
 * text see exactly the same committed rows (docs/decisions/068).
 */
const SNAPSHOT = sql<string>`pg_current_snapshot()::text`;

export const casosListRepository = {
  /** Page 1 of all cases, each row as JSON, and the Vigentes / Cerrados counters. */
  async firstPage(db: DbOrTx, limit: number): Promise<{ rows: CasoRowJson[]; contadores: Contadores }> {
    const rows = await firstPageStatements(db)(limit).execute();
    // No case at all: no row to carry the counters, which are then 0 (the trigger keeps them so).
    return { rows, contadores: { vigentes: rows[0]?.vigentes ?? 0, cerrados: rows[0]?.cerrados ?? 0 } };
  },

  /**
   * One page: its ids are found first (an index walk over `casos` alone), by a statement planned
   * for the filter's values, then their rows by one named statement (rowsByIds): the row's forty
   * columns and subqueries cost PostgreSQL more to parse and plan than to read (the commonest
   * surname's page at 1M: 1.58 → 0.60 ms of its CPU a request as named statements). Given the
   * exact number of matches, a page past the middle is read from the oldest end, so OFFSET never
   * walks more than half the cases (the last of 50,000 pages: 75 → ~2 ms at 1M cases).
   */
  async page(db: DbOrTx, filter: CasoFilterSql, limit: number, offset: number, total?: number, options: { fewMatches?: boolean } = {}): Promise<CasoRowJson[]> {
    const { plazoStored } = filter;
    // Few matches are collected through the filter's indexes; more are met walking the id index.
    const where = filter.where(options.fewMatches ? 'collect' : 'walk');
    const window = pageWindow(limit, offset, total);
    if (!window) return [];
    const { fromOldest } = window;
    const order = fromOldest ? OLDEST_FIRST : NEWEST_FIRST;
    const form = window.offset === 0 ? 'first' : 'later';
    if (plazoStored && !where && !fromOldest) {
      return plazoPageStatements(db)(`${plazoStored}:${window.limit}:${form}`).execute({ offset: window.offset });
    }
    const words = filter.walkedWords;
    if (words && !options.fewMatches && !fromOldest) {
      const values = Object.fromEntries(words.map((word, i) => [`w${i}`, word]));
      return searchWalkStatements(db)(`${words.length}:${window.limit}:${form}`).execute({ ...values, offset: window.offset });
    }
    // Few matches (counted first): ordered by an expression no index has, PostgreSQL collects them
    // through the filter's own index (the trigram one for a search) and sorts them, instead of
    // walking the id index until the page is full — it guessed 1% of the cases for any LIKE and
    // walked 175,000 cases for a surname 81 cases have (165 ms; this way ~2 ms at 1M cases).
    const idsOrder = options.fewMatches ? (fromOldest ? sql`${casos.id} + 0 asc` : sql`${casos.id} + 0 desc`) : order;
    const ids = plazoStored
      ? storedPlazoIds(db, plazoStored, where, fromOldest)
      : db.select({ pageId: casos.id }).from(casos).where(where).orderBy(idsOrder).$dynamic();
    // The ids by this statement, planned for the filter's values; their rows by the named one.
    const found = await ids.limit(window.limit).offset(window.offset);
    return rowsByIds(db, found.map((row) => row.pageId));
  },

  /**
   * A page from DEEP_OFFSET of a text search with more than COUNT_CAP matches (docs/decisions/069).
   * Walking the id index visits the cases before the page (the offset divided by the share of
   * cases that match), collecting every match through the search's index visits the matches: the
   * page 500 of 'castro' (1.4% of 1M cases) walked ~700,000 cases (235 ms). The newest
   * PROBED_CASES are walked first: they hold the page, or their share of matches says which of the
   * two reads visits fewer cases.
   */
  async deepSearchPage(db: DbOrTx, filter: CasoFilterSql, limit: number, offset: number): Promise<{ rows: CasoRowJson[]; read: DeepSearchRead }> {
    const [newest] = await db.select({ last: sql<number>`coalesce(max(${casos.id}), 0)::int` }).from(casos);
    const last = newest?.last ?? 0;
    const from = Math.max(0, last - PROBED_CASES);
    const [probe] = await db
      .select({
        matches: sql<number>`count(*)::int`,
        ids: sql<number[] | null>`(array_agg(${casos.id} order by ${casos.id} desc))[${offset + 1}::int : ${offset + limit}::int]`,
      })
      .from(casos)
      .where(and(gt(casos.id, from), filter.where('walk')));
    const matches = probe?.matches ?? 0;
    const probed = probe?.ids ?? [];
    if (matches >= offset + limit || from === 0) return { rows: await rowsByIds(db, probed), read: 'probe' };
    const share = matches / (last - from);
    const walked = share === 0 ? Infinity : (offset + limit) / share;
    if (walked <= share * last * COLLECT_COST_PER_MATCH) {
      // Walking on below the probed cases; a page that starts among them keeps the probe's ids.
      const rest = await db
        .select({ pageId: casos.id })
        .from(casos)
        .where(and(lte(casos.id, from), filter.where('walk')))
        .orderBy(NEWEST_FIRST)
        .limit(limit - probed.length)
        .offset(Math.max(0, offset - matches));
      return { rows: await rowsByIds(db, [...probed, ...rest.map((row) => row.pageId)]), read: 'walk' };
    }
    // Collecting every match, ordered by an expression no index gives, and cutting the page from them.
    const found = await db.select({ pageId: casos.id }).from(casos).where(filter.where('collect')).orderBy(sql`${casos.id} + 0 desc`).limit(limit).offset(offset);
    return { rows: await rowsByIds(db, found.map((row) => row.pageId)), read: 'collect' };
  },

  /**
   * One read of at most `cap` matches: how many, and the ids of the page at `offset` among them
   * newest first. When fewer than `cap` match, the total and the page come from one scan of the
   * filter's index (the trigram one for a search: before, the count and the page scanned it
   * twice); otherwise the ids are of an arbitrary `cap` of them, of no use. With the snapshot the
   * count saw (docs/decisions/068).
   */
  async countAndPageIds(db: DbOrTx, where: SQL | undefined, cap: number, limit: number, offset: number): Promise<{ total: number; ids: number[]; snapshot: string }> {
    const matches = db.select({ id: casos.id }).from(casos).where(where).limit(cap).as('matches');
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        ids: sql<number[] | null>`(array_agg(${matches.id} order by ${matches.id} desc))[${offset + 1}::int : ${offset + limit}::int]`,
        snapshot: SNAPSHOT,
      })
      .from(matches);
    return { total: row?.total ?? 0, ids: row?.ids ?? [], snapshot: row?.snapshot ?? '' };
  },

  /** The database snapshot a statement sees now (docs/decisions/068). */
  async snapshot(db: DbOrTx): Promise<string> {
    const [row] = resultRows<{ snapshot: string }>(await db.execute(sql`select ${SNAPSHOT} as snapshot`));
    return row?.snapshot ?? '';
  },

  rowsByIds,

  /**
   * One page of every case, of 'Vigentes' or of 'Cerrados', at any depth for the same cost
   * (countedPageIds), and the counters of the same snapshot; none when the page has no row.
   */
  async countedPage(db: DbOrTx, list: CountedList, limit: number, offset: number): Promise<{ rows: CasoRowJson[]; contadores?: Contadores }> {
    const rows = await countedPageStatements(db)(`${list}:${limit}`).execute({ offset });
    const [first] = rows;
    return { rows, contadores: first && { vigentes: first.vigentes, cerrados: first.cerrados } };
  },

  /**
   * Keyset batch for the export: the next `limit` matching cases older than `beforeId`, joined
   * directly (with the ids-first form PostgreSQL hash-joined the batch against a full scan of
   * `casos`; this walks the id index from `beforeId`). Each row is JSON text made by PostgreSQL,
   * which the export's worker parses: turning 44 fields a row into objects on the main thread, and
   * copying them to the worker, was most of the main thread's time (docs/decisions/055).
   * Without parallel workers: at 10M cases PostgreSQL planned every batch parallel (two more
   * processes started per batch on a machine whose cores the export's threads need too).
   */
  async exportBatch(db: Db, where: SQL | undefined, beforeId: number | null, limit: number): Promise<CasoExportRowJson[]> {
    const batchWhere = beforeId === null ? where : and(where, lt(casos.id, beforeId));
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      const query = tx
        .select({ id: casos.id, json: EXPORT_ROW_JSON, id_compania: casos.id_compania, id_estado: casos.id_estado, id_producto: casos.id_producto, id_analista: casos.id_analista })
        .from(casos)
        .innerJoin(asegurados, eq(asegurados.id, casos.id_asegurado))
        .where(batchWhere)
        .$dynamic();
      return withTercero(query).orderBy(NEWEST_FIRST).limit(limit);
    });
  },

  /**
   * The exact number of cases a filter of status, company, analyst and 'Vigentes' / 'Cerrados'
   * alone matches: a sum of at most one caso_contadores_compania row per combination of them
   * (docs/decisions/064), whatever the number of cases.
   */
  async countByEstado(db: DbOrTx, filtro: CasoFiltro): Promise<number> {
    const k = casoContadoresCompania;
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${k.total}), 0)::int` })
      .from(k)
      .where(and(...countedConditions(filtro, k, eq(k.id_analista, 0))));
    return row?.n ?? 0;
  },

  /**
   * The number of matches; with `cap`, at most `cap` of them are read (docs/decisions/003: the
   * exact count of ~80k cases of a common surname cost ~240 ms at 1M cases).
   */
  async count(db: DbOrTx, filter: CasoFilterSql, cap?: number): Promise<number> {
    const { plazoStored } = filter;
    const where = filter.where('collect');
    const e = casoPlazoEstados;
    const matches = plazoStored
      ? (where ? db.select({ one: sql`1`.as('one') }).from(e).innerJoin(casos, eq(casos.id, e.id_caso)) : db.select({ one: sql`1`.as('one') }).from(e))
          .where(and(eq(e.plazo, plazoStored), where))
          .$dynamic()
      : db.select({ one: sql`1`.as('one') }).from(casos).where(where).$dynamic();
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from((cap === undefined ? matches : matches.limit(cap)).as('matches'));
    return row?.n ?? 0;
  },

};
