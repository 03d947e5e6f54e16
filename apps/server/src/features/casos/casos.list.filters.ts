import { and, eq, gte, isNull, lt, lte, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
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
import { plazoCasoIdsFromClocks, plazoVencidoCasoIds, TODAY_AR, type PlazoEstado } from '../../db/plazo-estados';
import { casoEstadoPeriodos } from '../../db/tables/informes';
import { pagos } from '../../db/tables/pagos';
import { asegurados, casos, terceros } from '../../db/tables/casos';

/*
 * The case list's filter as SQL: each field of CasoFiltro becomes a condition on `casos` (or on
 * caso_contadores_compania for the counted fields), and typed text reads `busqueda` through the
 * index its words can use. A new filter field is added here only; the row's JSON shape is
 * casos.list.rows.ts, the paging strategies that run these conditions casos.list.repository.ts.
 */

const INT4_MAX = 2_147_483_647;
const SMALLINT_MAX = 32_767;

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
export const strposContains = (text: SQL | Column, term: string | Placeholder): SQL => sql`strpos(${text}, ${term}) > 0`;

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

/**
 * A payment of the case was marked paid with its payment date in the range (the informe's 'Pagos',
 * docs/decisions/102): a range of pagos_pagados_fecha_idx, which holds the case's id. As an array
 * the ids are looked up in casos_pkey; as `in (subquery)` PostgreSQL walked casos newest first
 * against the payments (a merge semi join): 7,820 cases read for page 1 of a company-month at 1M,
 * 0.7-1.6 s, against 8 ms.
 */
function pagadoCondition(desde: string, hasta: string): SQL {
  const range = [desde ? gte(pagos.fecha_pago, desde) : undefined, hasta ? lte(pagos.fecha_pago, hasta) : undefined];
  return sql`${casos.id} = any(array(select ${pagos.id_caso} from ${pagos} where ${and(eq(pagos.estado, 'pagado'), ...range)}))`;
}

/**
 * A legal clock of the case ran out in the range while it still ran (the informe's 'Plazos legales
 * vencidos', docs/decisions/102): plazoVencidoCasoIds, one range of caso_plazos_evento_desde_idx
 * per start day. A bound alone: Desde runs to today, Hasta from its month's first day.
 */
function plazoVencidoCondition(desde: string, hasta: string): SQL {
  const from = desde ? sql`${desde}::date` : sql`date_trunc('month', ${hasta}::date)::date`;
  const to = hasta ? sql`${hasta}::date` : TODAY_AR;
  return sql`${casos.id} in (${plazoVencidoCasoIds(from, to)})`;
}

/**
 * The case was open at the end of a day (today without one), in one status (any open one without
 * it): the informe's open cases at a past month's end (docs/decisions/102), from the periods of
 * each status each case has been in (drizzle/0055 caso_estado_periodos: desde <= day < hasta, the
 * current one with no end). One range of caso_estado_periodos_estado_hasta_idx per status; as an
 * array the ids are looked up in casos_pkey, as pagadoCondition's.
 */
function abiertoAlCondition(dia: string, estado: string, compania: string, porCaso: boolean): SQL {
  const day = dia ? sql`${dia}::date` : TODAY_AR;
  const id = Number(estado);
  if (estado && !(Number.isSafeInteger(id) && id <= SMALLINT_MAX)) return sql`false`;
  const estados = estado ? [id] : Array.from({ length: FIRST_CLOSED_ESTADO - 1 }, (_, index) => index + 1);
  const p = casoEstadoPeriodos;
  const conditions = [
    sql`${p.id_estado} = any(${`{${estados.join(',')}}`}::smallint[])`,
    sql`coalesce(${p.hasta}, 'infinity'::date) > ${day}`,
    sql`${p.desde} <= ${day}`,
    // The company's own range of caso_estado_periodos_compania_idx (the periods carry the case's company).
    compania ? idEquals(p.id_compania, compania) : undefined,
  ];
  // An F Alta from a day on (the informe's recent age buckets): few cases, each looked up in its own
  // periods (caso_estado_periodos_caso_idx covers them), instead of gathering every open case's id.
  if (porCaso) return sql`exists (select 1 from ${p} where ${p.id_caso} = ${casos.id} and ${and(...conditions)})`;
  return sql`${casos.id} = any(array(select ${p.id_caso} from ${p} where ${and(...conditions)}))`;
}

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
export function countedConditions(filtro: CasoFiltro, columns: { id_estado: Column; id_compania: Column; id_analista: Column }, sinAnalista: SQL): SQL[] {
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
  if (filtro.pagadoDesde || filtro.pagadoHasta) conditions.push(pagadoCondition(filtro.pagadoDesde, filtro.pagadoHasta));
  if (filtro.plazoVencidoDesde || filtro.plazoVencidoHasta)
    conditions.push(plazoVencidoCondition(filtro.plazoVencidoDesde, filtro.plazoVencidoHasta));
  if (filtro.abiertoAl || filtro.estadoAl) conditions.push(abiertoAlCondition(filtro.abiertoAl, filtro.estadoAl, filtro.compania, filtro.fechaDesde !== ''));
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}
