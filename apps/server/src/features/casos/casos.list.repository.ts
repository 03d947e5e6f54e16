import { and, eq, gt, gte, isNull, lt, lte, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect, type PgSelect } from 'drizzle-orm/pg-core';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import {
  COND_CASOS,
  FIRST_CLOSED_ESTADO,
  FLAGS,
  SEARCH_FOLD,
  SIN_ANALISTA,
  likeContains,
  normalizeSearch,
  searchDigitGrams,
  searchLetterGrams,
  searchPlateGrams,
  searchTerms,
  type CasoFiltro,
} from '@siniestros/domain';
import { resultRows, type Db, type DbOrTx } from '../../db/client';
import { plazoCasoIdsFromClocks, type PlazoEstado } from '../../db/plazo-estados';
import { casoPlazoEstados } from '../../db/tables/plazos';
import { casoContadoresCompania } from '../../db/tables/contadores';
import { limitLiteral, pageSlice, preparedPerDatabase, statementPerKey } from '../../db/prepared';
import { pageWindow } from '../../shared/paging';
import { lesionados } from '../../db/tables/lesionados';
import { letrados } from '../../db/tables/letrados';
import { audiencias } from '../../db/tables/mediacion';
import type { CasoRowIds, NameIdFields } from './casos.names';
import { FLAG_COLUMNS, type Contadores } from './casos.repository';
import { CASO_BLOQUE_BITS, CASO_TRAMO_BITS, asegurados, casoBloques, casoContadores, casoTramos, casos, terceros } from '../../db/tables/casos';

const INT4_MAX = 2_147_483_647;
const SMALLINT_MAX = 32_767;

/** Matches the `(..., id DESC NULLS LAST)` indexes of db/tables/casos.ts (a plain DESC would sort: PostgreSQL cannot read a NULLS FIRST index backwards for it). */
const NEWEST_FIRST = sql`${casos.id} desc nulls last`;
/** The same indexes read backwards. */
const OLDEST_FIRST = sql`${casos.id} asc nulls first`;

/** A number typed in a filter that no id can equal (too big for the column) matches nothing instead of failing. */
function idEquals(column: Column, value: string, maxValue = INT4_MAX): SQL {
  const id = Number(value);
  return Number.isSafeInteger(id) && id <= maxValue ? eq(column, id) : sql`false`;
}

const likePattern = (expression: SQL | Column, pattern: string) => sql`${expression} like ${pattern} escape '\\'`;

/** Lowercase and accent-free in SQL, as `normalizeSearch` does in TypeScript. */
const folded = (column: Column) => sql`translate(lower(${column}), ${SEARCH_FOLD.from}, ${SEARCH_FOLD.to})`;

/**
 * How a filter's typed text reads `busqueda` (docs/decisions/067):
 * - 'collect': its matches are gathered through an index (a count, a page of few matches): the
 *   pieces index where the word has pieces (a few short lists), else the trigram one.
 * - 'walk': a page of many matches (more than the count's cap, or than FEW_MATCHES), met walking
 *   the id index newest first: the text is checked with `strpos`, which no index serves and for
 *   which PostgreSQL assumes a third of the cases match, so it walks at any depth instead of
 *   collecting every match and sorting them. It collected whenever its estimate of a common
 *   surname came out small: from a sample of the column (at 10M, none of the 101 values of the
 *   histogram held 'gonzalez', 567,250 cases do: 553 ms a page), from the pieces, whose
 *   frequencies it multiplies as if independent (González's four: 20 cases of 56,725 at 1M), or
 *   from a LIKE it cannot serve by an index (guessed from the pattern's length: 1,001 cases at
 *   10M, so page 50 sorted every case, 1.7-3.1 s).
 * - 'planned': PostgreSQL chooses from its statistics (the export, whose matches are not counted).
 */
export type TextMatch = 'collect' | 'walk' | 'planned';

/** `text` contains `term` (a normalized word or its parameter), checked as TextMatch 'walk' does. */
const strposContains = (text: SQL | Column, term: string | Placeholder): SQL => sql`strpos(${text}, ${term}) > 0`;

/** `text` contains the normalized `term`, checked as `match` says (TextMatch). */
function textContains(text: SQL | Column, term: string, match: TextMatch): SQL {
  return match === 'walk' ? strposContains(text, term) : likePattern(text, likeContains(term));
}

/**
 * The pieces index a word is looked up by, and its pieces: 7 digits in a row (a whole DNI, CUIT or
 * claim number) the numbers index (docs/decisions/059); when collecting, 5 letters and digits in a
 * row holding both (a plate's fragment) the plates index (decision 070), else 5 letters in a row
 * the letters index (decision 067). None: the word is read by its trigrams, or walked.
 */
function piecesOf(term: string, match: TextMatch): { index: SQL; grams: string[] } | undefined {
  const digitGrams = searchDigitGrams(term);
  if (digitGrams.length > 0) return { index: sql`busqueda_digitos(${casos.busqueda})`, grams: digitGrams };
  if (match !== 'collect') return undefined;
  const plateGrams = searchPlateGrams(term);
  if (plateGrams.length > 0) return { index: sql`busqueda_patentes(${casos.busqueda})`, grams: plateGrams };
  const letterGrams = searchLetterGrams(term);
  return letterGrams.length > 0 ? { index: sql`busqueda_letras(${casos.busqueda})`, grams: letterGrams } : undefined;
}

/**
 * The word holds a trigram the trigram index can look up: three letters or digits in a row (as
 * pg_trgm reads a LIKE pattern, without the padding it gives a word's ends next to a space). A
 * word without one ('%', 'qz') asks the index for all of itself: PostgreSQL chose that bitmap for
 * the Apellido filter (its subqueries keep the scan from going parallel), reading every trigram
 * list and rechecking every case, 3.2-4.4 s at 1M cases; read with `strpos`, every case is read
 * once, 0.6-0.8 s.
 */
const hasTrigram = (term: string) => /[a-z0-9]{3}/.test(term);

/**
 * `busqueda` contains the word, read as `match` says. A word with pieces (piecesOf) asks their
 * index for the cases holding all of them: one short list per piece, where each trigram of a
 * number is in ~4% of the cases, those of a surname ('ros', 'osa') in tens of thousands and those
 * of a plate ('ag7', '740') in a list growing with the cases. The LIKE then checks the few it finds.
 */
function busquedaContains(term: string, match: TextMatch): SQL {
  const found = piecesOf(term, match);
  if (!found) return hasTrigram(term) ? textContains(casos.busqueda, term, match) : strposContains(casos.busqueda, term);
  const { index, grams } = found;
  const pieces = sql.join(
    grams.map((gram) => sql`${gram}`),
    sql`, `,
  );
  // The LIKE on `busqueda || ''`, which the trigram index cannot serve: otherwise PostgreSQL ANDs
  // both indexes and still reads the trigram lists (measured at 1M: 2.4 ms, this way ~0.1).
  return sql`(${index} @> array[${pieces}]::text[] and ${likePattern(sql`(${casos.busqueda} || '')`, likeContains(term))})`;
}

/**
 * Surname or plate of the insured party OR any third party contains the value (spec §2 filter
 * panel), ignoring case and accents. `busqueda` holds those fields normalized, so its indexes (or
 * the cheap LIKE on it) narrow the cases first; the per-field check then runs only on those, on
 * the case's own row: `busqueda_apellidos` / `busqueda_dominios` hold each person's surname or
 * plate a line (docs/decisions/072), and a term never holds the line break. A case written before
 * those columns and not yet filled (NULL) is checked on its people by scalar subqueries, as every
 * case was until then: written as EXISTS, PostgreSQL turned them into hashed subplans that
 * scanned every asegurado and tercero (measured: 2.2 s against 0.6 ms at 100k cases).
 */
function personaContains(field: 'apellido' | 'dominio', value: string, match: TextMatch): SQL | undefined {
  const term = normalizeSearch(value);
  if (!term) return undefined;
  const lines = field === 'apellido' ? casos.busqueda_apellidos : casos.busqueda_dominios;
  // Plates carry no accents: lower() is enough and much cheaper than translate().
  const normalized = (column: Column) => (field === 'dominio' ? sql`lower(${column})` : folded(column));
  const inAsegurado = sql`(select ${normalized(asegurados[field])} from ${asegurados} where ${asegurados.id} = ${casos.id_asegurado})`;
  const inTerceros = sql`(select bool_or(${textContains(normalized(terceros[field]), term, match)}) from ${terceros} where ${terceros.id_caso} = ${casos.id})`;
  const onPeople = sql`(${textContains(inAsegurado, term, match)} or coalesce(${inTerceros}, false))`;
  return sql`(${busquedaContains(term, match)} and case when ${lines} is null then ${onPeople} else ${textContains(lines, term, match)} end)`;
}

/**
 * A legal clock of the case is vencido or por vencer (docs/decisions/044), computed from the clocks:
 * right at any time, but it builds every match (the export, and the list while the stored cases
 * are stale).
 */
const plazoCondition = (plazo: PlazoEstado): SQL => sql`${casos.id} in (${plazoCasoIdsFromClocks(plazo)})`;

/** The filter has no field but these (and the export's format). */
export function onlyFields(filtro: CasoFiltro, fields: readonly (keyof CasoFiltro)[]): boolean {
  return Object.entries(filtro).every(([key, value]) => fields.includes(key as keyof CasoFiltro) || key === 'formato' || value === '' || value === undefined || value === null);
}

/**
 * A filter as SQL: the WHERE on `casos`, its typed text read either way (TextMatch), and, when
 * the list reads the Plazo filter's stored cases (docs/decisions/057), which of them: they then
 * drive the page (their primary key read newest first) instead of being a condition. A quick
 * search alone whose words all walk as `strpos` (none with a whole number's digits) names them in
 * `walkedWords`: its walking pages are named statements (searchWalkStatements).
 */
export type CasoFilterSql = { where: (match: TextMatch) => SQL | undefined; plazoStored?: PlazoEstado; walkedWords?: string[] };

/** The filter for the list: `plazoStored` is plazoEstadosAlDia, asked by the caller when the filter has a Plazo. */
export function filterSql(filtro: CasoFiltro, plazoStored: boolean): CasoFilterSql {
  const plazo = filtro.plazo === 'vencido' || filtro.plazo === 'por_vencer' ? filtro.plazo : undefined;
  if (!plazo || !plazoStored) {
    const alone = onlyFields(filtro, ['busquedaRapida', 'condCasos']) && filtro.condCasos === COND_CASOS.TODOS;
    const words = alone ? searchTerms(filtro.busquedaRapida) : [];
    const walked = words.length > 0 && words.every((word) => searchDigitGrams(word).length === 0);
    return { where: (match) => filterWhere(filtro, match), walkedWords: walked ? words : undefined };
  }
  return { where: (match) => filterWhere({ ...filtro, plazo: '' }, match), plazoStored: plazo };
}

/**
 * The filter's status, company, analyst and 'Vigentes' / 'Cerrados': on the cases' columns, or on
 * caso_contadores_compania's (docs/decisions/064), whose `sinAnalista` is an analyst of 0.
 */
function countedConditions(filtro: CasoFiltro, columns: { id_estado: Column; id_compania: Column; id_analista: Column }, sinAnalista: SQL): SQL[] {
  const conditions: SQL[] = [];
  if (filtro.estado) conditions.push(idEquals(columns.id_estado, filtro.estado, SMALLINT_MAX));
  if (filtro.compania) conditions.push(idEquals(columns.id_compania, filtro.compania));
  if (filtro.analista === SIN_ANALISTA) conditions.push(sinAnalista);
  else if (filtro.analista) conditions.push(idEquals(columns.id_analista, filtro.analista));
  if (filtro.condCasos === COND_CASOS.VIGENTES) conditions.push(lt(columns.id_estado, FIRST_CLOSED_ESTADO));
  if (filtro.condCasos === COND_CASOS.CERRADOS) conditions.push(gte(columns.id_estado, FIRST_CLOSED_ESTADO));
  return conditions;
}

/** The WHERE of the filtered list and the export (spec §3 filter fields; docs/decisions/003). */
export function filterWhere(filtro: CasoFiltro, match: TextMatch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filtro.nroCaso) conditions.push(idEquals(casos.id, filtro.nroCaso));
  if (filtro.nroSiniestro) conditions.push(eq(casos.reclamo_nro, filtro.nroSiniestro));
  conditions.push(...countedConditions(filtro, casos, isNull(casos.id_analista)));
  if (filtro.producto) conditions.push(idEquals(casos.id_producto, filtro.producto));
  const flag = FLAGS[Number(filtro.flag) - 1];
  if (filtro.flag && flag) conditions.push(eq(casos[flag.key], true));
  if (filtro.fechaDesde) conditions.push(gte(casos.fecha_creado, filtro.fechaDesde));
  if (filtro.fechaHasta) conditions.push(lte(casos.fecha_creado, filtro.fechaHasta));
  if (filtro.fechaEstadoDesde) conditions.push(gte(casos.fecha_estado, filtro.fechaEstadoDesde));
  if (filtro.fechaEstadoHasta) conditions.push(lte(casos.fecha_estado, filtro.fechaEstadoHasta));
  conditions.push(personaContains('dominio', filtro.dominio, match), personaContains('apellido', filtro.apellido, match));
  for (const term of searchTerms(filtro.busquedaRapida)) conditions.push(busquedaContains(term, match));
  if (filtro.plazo === 'vencido' || filtro.plazo === 'por_vencer') conditions.push(plazoCondition(filtro.plazo));
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

/**
 * The case has at least one row in `table`. A scalar subquery rather than EXISTS: PostgreSQL may
 * run an EXISTS in the select list as a hashed subplan, and did for every export batch, seq-scanning
 * all 227k lesionados and 141k audiencias each time (bench/results/2026-11-22.md, 1M cases); a
 * scalar subquery is never hashed, so it probes the id_caso index once per row.
 */
const hasAny = (table: typeof lesionados | typeof audiencias, idCaso: Column) =>
  sql<boolean>`coalesce((select true from ${table} where ${idCaso} = ${casos.id} limit 1), false)`;

/** The case's lawyer: its own column or the lawyer row of the case. */
const idLetrado = sql<number | null>`coalesce(${casos.id_letrado}, (select ${letrados.id} from ${letrados} where ${letrados.id_caso} = ${casos.id}))`;

/** The list row with the ids of its lookups; casos.names.ts puts their names in. */
const LIST_COLUMNS = {
  id: casos.id,
  fecha_creado: casos.fecha_creado,
  t_apellido: terceros.apellido,
  t_nombre: terceros.nombre,
  id_compania: casos.id_compania,
  t_dominio: terceros.dominio,
  fecha_siniestro: casos.fecha_siniestro,
  id_estado: casos.id_estado,
  id_producto: casos.id_producto,
  lesionado: hasAny(lesionados, lesionados.id_caso),
  id_letrado: idLetrado,
  mediacion: hasAny(audiencias, audiencias.id_caso),
  id_analista: casos.id_analista,
  reclamo_nro: casos.reclamo_nro,
  ...FLAG_COLUMNS,
};

/** The export's columns beyond the list's. */
const EXPORT_EXTRA_COLUMNS = {
  gestor: casos.gestor,
  fecha_denuncia: casos.fecha_denuncia,
  fecha_cierre: casos.fecha_cierre,
  valor_ofertado: casos.valor_ofertado,
  as_apellido: asegurados.apellido,
  as_nombre: asegurados.nombre,
  as_dominio: asegurados.dominio,
};

export type CasoExportRowIds = CasoRowIds & {
  gestor: string;
  fecha_denuncia: string | null;
  fecha_cierre: string | null;
  valor_ofertado: string | null;
  as_apellido: string;
  as_nombre: string | null;
  as_dominio: string | null;
};

/** The case rows with their first third party. */
function withTercero<T extends PgSelect>(query: T) {
  return query.leftJoin(terceros, and(eq(terceros.id_caso, casos.id), eq(terceros.orden, 1)));
}

/** Vigentes and Cerrados (trigger-kept, docs/decisions/002) as two columns of page 1. */
const CONTADORES = {
  vigentes: sql<number>`(select ${casoContadores.total} from ${casoContadores} where not ${casoContadores.cerrado})`,
  cerrados: sql<number>`(select ${casoContadores.total} from ${casoContadores} where ${casoContadores.cerrado})`,
};

/**
 * A fixed SQL fragment (no parameter) as its text, rendered once: drizzle would otherwise walk its
 * tree of chunks in every statement that selects it, which for the list's row (forty columns and
 * subqueries) was most of the ~0.17 ms of server CPU a filtered page spent building SQL.
 */
function renderedOnce<T>(fragment: SQL<T>): SQL<T> {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  if (params.length > 0) throw new Error('A fragment rendered once cannot carry parameters');
  return sql.raw(text) as SQL<T>;
}

/**
 * LIST_COLUMNS as one JSON object per row, built by PostgreSQL with the same keys in the same
 * order, without spaces (row_to_json of a one-row subselect; json_build_object pads every key).
 */
const rowJson = (columns: Record<string, SQL | Column | SQL.Aliased>) =>
  renderedOnce(sql<string>`(select row_to_json(list_row)::text from (select ${sql.join(
    Object.entries(columns).map(([key, column]) => {
      if (!/^[a-z_]+$/.test(key)) throw new Error(`Bad list column key ${key}`);
      return sql`${column} as ${sql.raw(`"${key}"`)}`;
    }),
    sql`, `,
  )}) list_row)`);
const LIST_ROW_JSON = rowJson(LIST_COLUMNS);
/** The export's row the same way (a date as 'YYYY-MM-DD', an amount as a JSON number). */
const EXPORT_ROW_JSON = rowJson({ ...LIST_COLUMNS, ...EXPORT_EXTRA_COLUMNS });

/** A list row: the case as JSON text, and the ids its names come from (casos.names.ts). */
export type CasoRowJson = Pick<CasoRowIds, NameIdFields> & { json: string };
/**
 * What every page of the list and of a filter selects: each row as JSON text, sent as PostgreSQL
 * writes it (see firstPageStatements), and the ids its names come from.
 */
const LIST_ROW = { json: LIST_ROW_JSON, id_compania: casos.id_compania, id_estado: casos.id_estado, id_producto: casos.id_producto, id_analista: casos.id_analista };
/** An export row: CasoExportRowIds as JSON text, its id (the keyset) and the ids its names come from. */
export type CasoExportRowJson = CasoRowJson & { id: number };

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
