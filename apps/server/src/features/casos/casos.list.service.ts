import type { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { CASO_MESSAGES, COND_CASOS, COUNT_CAP, type CappedPagingQuery, type CasoFiltro, type PagingQuery } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { plazoEstadosAlDia } from '../../db/plazo-estados';
import { boundedConcurrency } from '../../shared/concurrency';
import { unavailable } from '../../shared/errors';
import { DEEP_OFFSET, pageOffset, totalPages } from '../../shared/paging';
import type { CaseLookups, ReferenceService } from '../reference';
import { createXlsxExports, type ExportBatch, type XlsxExportOptions } from './casos.export.pool';
import { filterSql, filterWhere, onlyFields, type CasoFilterSql } from './casos.list.filters';
import { casosListRepository as listRepo, type CountedList, type DeepSearchRead } from './casos.list.repository';
import { caseListNames, type NameIds } from './casos.names';
import { casosRepository as repo, type Contadores } from './casos.repository';

/**
 * Rows read from the database per export batch: memory stays flat however many cases match
 * (docs/decisions/009). 500 since the rows come as JSON text for a worker (decision 055): a
 * tenth of the round trips of 100, at a few milliseconds of this thread per batch.
 */
export const EXPORT_BATCH_SIZE = 500;

/** The filter is only the case condition (or nothing): its total is a counter, not a count. */
function isCounterOnly(filtro: CasoFiltro): boolean {
  return onlyFields(filtro, ['condCasos']);
}

/** The filter is status, company, analyst and the case condition alone: its exact total sums caso_contadores_compania (docs/decisions/064). */
function isCountedByEstado(filtro: CasoFiltro): boolean {
  return onlyFields(filtro, ['condCasos', 'estado', 'compania', 'analista']);
}

/**
 * Up to this many matches a page is read from the matches themselves (found through the filter's
 * index, then sorted); beyond, walking the id index finds a page's rows sooner (docs/decisions/042).
 */
export const FEW_MATCHES = 2_000;

/** The filter matches typed text (quick search, surname, plate): PostgreSQL cannot estimate how many cases it finds. */
function searchesText(filtro: CasoFiltro): boolean {
  return [filtro.busquedaRapida, filtro.apellido, filtro.dominio].some((value) => typeof value === 'string' && value.trim() !== '');
}

/**
 * How long a node remembers that a filter has more than COUNT_CAP matches (docs/decisions/042):
 * counting them builds the whole trigram bitmap of a common surname (64 ms at 1M cases), and
 * "more than 10,000" stays true unless thousands of matching cases go within the minute.
 * Totals at or under the cap are never remembered; `exactCount` always counts.
 */
export const CAPPED_COUNT_TTL_MS = 60_000;
const CAPPED_COUNT_MAX_FILTERS = 1_000;
/** Filters whose total in a snapshot a node keeps (docs/decisions/068): the oldest makes room. */
const TOTALS_REMEMBERED = 1_000;

/**
 * Text searches (quick search, surname, plate) a node runs at once, and how many more wait
 * (docs/decisions/058): a search reads the trigram index for tens of milliseconds, page 1 for
 * well under one; with every search admitted at once the database's cores were all searching and
 * page 1 queued behind them. Two: the database server's cores on the benchmark machine.
 */
export const TEXT_SEARCHES_RUNNING = 2;
export const TEXT_SEARCHES_WAITING = 100;
/** A full queue answers 503 with this Retry-After: a search takes well under a second. */
export const TEXT_SEARCH_RETRY_AFTER_SECONDS = 2;

/** The counted list a counter-only filter asks for (docs/decisions/042). */
function countedList(filtro: CasoFiltro): CountedList {
  if (filtro.condCasos === COND_CASOS.VIGENTES) return 'vigentes';
  if (filtro.condCasos === COND_CASOS.CERRADOS) return 'cerrados';
  return 'todos';
}

/** GET /casos's body around its cases, already JSON text. */
function listJson(casesJson: string, contadores: Contadores, lookups: CaseLookups, pageSize: number): string {
  const rest = JSON.stringify({
    totalPages: totalPages(contadores.vigentes + contadores.cerrados, pageSize),
    totalCount: contadores.vigentes,
    totalCloseCount: contadores.cerrados,
    analistas: lookups.analistas,
    estados: lookups.estados,
    productos: lookups.productos,
    companias: lookups.companias,
  });
  return `{"cases":${casesJson},${rest.slice(1)}`;
}

/** The case list (spec §2): its pages, filters and counters, and the xlsx export. */
export function createCasosListService(deps: {
  db: Db;
  reference: Pick<ReferenceService, 'caseLookups' | 'dropCaseLookups'>;
  /** The export's worker threads (tests shrink them). */
  exportWorkers?: XlsxExportOptions;
  /** Text searches at once and waiting (tests shrink them). */
  textSearches?: { running: number; waiting: number };
}) {
  const { db, reference } = deps;
  const xlsx = createXlsxExports(deps.exportWorkers);
  const textSearches = boundedConcurrency({
    running: deps.textSearches?.running ?? TEXT_SEARCHES_RUNNING,
    waiting: deps.textSearches?.waiting ?? TEXT_SEARCHES_WAITING,
    refuse: () => unavailable(CASO_MESSAGES.busquedaOcupada, TEXT_SEARCH_RETRY_AFTER_SECONDS),
  });
  /** Filters known to match more than COUNT_CAP cases, until when (CAPPED_COUNT_TTL_MS). */
  const cappedUntil = new Map<string, number>();
  const filterKey = (filtro: CasoFiltro) => JSON.stringify({ ...filtro, formato: null });
  const knownCapped = (filtro: CasoFiltro) => (cappedUntil.get(filterKey(filtro)) ?? 0) > Date.now();
  /** Remembers whether the filter matched more than COUNT_CAP cases; returns the count to answer. */
  function countedUpTo(filtro: CasoFiltro, total: number): { total: number; capped: boolean } {
    const key = filterKey(filtro);
    cappedUntil.delete(key);
    if (total <= COUNT_CAP) return { total, capped: false };
    // The oldest remembered filter makes room (a Map iterates in insertion order).
    if (cappedUntil.size >= CAPPED_COUNT_MAX_FILTERS) cappedUntil.delete(cappedUntil.keys().next().value!);
    cappedUntil.set(key, Date.now() + CAPPED_COUNT_TTL_MS);
    return { total: COUNT_CAP, capped: true };
  }

  /**
   * The exact total each filter had in the database snapshot it was counted in (docs/decisions/068):
   * a request whose statement sees the same snapshot sees the same cases, so paging through a
   * search, or asking it again while nobody writes, does not count its matches again. Any commit
   * moves the snapshot. Only totals over FEW_MATCHES and at most the cap are kept: fewer are
   * counted in the same read that collects the page (one statement, nothing to save), more are
   * capped (cappedUntil).
   */
  const totalsSeen = new Map<string, { snapshot: string; total: number }>();
  function rememberTotal(filtro: CasoFiltro, snapshot: string, total: number) {
    const key = filterKey(filtro);
    totalsSeen.delete(key);
    if (totalsSeen.size >= TOTALS_REMEMBERED) totalsSeen.delete(totalsSeen.keys().next().value!);
    totalsSeen.set(key, { snapshot, total });
  }
  /** The filter's total if it was counted in the snapshot the database shows now (one short statement, asked only when there is one). */
  async function totalInThisSnapshot(filtro: CasoFiltro): Promise<number | undefined> {
    const seen = totalsSeen.get(filterKey(filtro));
    if (!seen) return undefined;
    return seen.snapshot === (await listRepo.snapshot(db)) ? seen.total : undefined;
  }

  /**
   * The total of a filter that is more than the case condition: at most COUNT_CAP + 1 matches
   * are counted unless `exact` (docs/decisions/003).
   */
  async function countMatches(filtro: CasoFiltro, where: CasoFilterSql, exact: boolean): Promise<{ total: number; capped: boolean }> {
    if (exact) return { total: await listRepo.count(db, where), capped: false };
    if (knownCapped(filtro)) return { total: COUNT_CAP, capped: true };
    return countedUpTo(filtro, await listRepo.count(db, where, COUNT_CAP + 1));
  }

  /**
   * A page of all cases, 'Vigentes' or 'Cerrados' and the counters, exact and of the same
   * snapshot; a page past the end carries none, so they are read by themselves.
   */
  async function countedPage(list: CountedList, paging: PagingQuery) {
    const page = await listRepo.countedPage(db, list, paging.pageSize, pageOffset(paging));
    return { rows: page.rows, contadores: page.contadores ?? (await repo.contadores(db)) };
  }

  /** From the reference service's in-memory cache when there is one (app.ts wires it). */
  function caseLookups(): Promise<CaseLookups> {
    return reference.caseLookups();
  }

  /** The lookups that name these rows: an id they lack (added by another server process) reloads them once. */
  async function namesFor(rows: readonly NameIds[]) {
    let lookups = await caseLookups();
    if (deps.reference && !rows.every(caseListNames(lookups).covers)) {
      deps.reference.dropCaseLookups();
      lookups = await caseLookups();
    }
    return { lookups, names: caseListNames(lookups) };
  }

  /** How each deep page of a capped search was read (deepSearchReads, for a test). */
  const deepSearchReads: Record<DeepSearchRead, number> = { probe: 0, walk: 0, collect: 0 };
  /**
   * A page of a filter with more than COUNT_CAP matches, met walking the id index; from
   * DEEP_OFFSET a text search first probes the newest cases to choose the read that visits fewer
   * (docs/decisions/069).
   */
  async function cappedPage(filtro: CasoFiltro, where: CasoFilterSql, limit: number, offset: number) {
    if (offset < DEEP_OFFSET || !searchesText(filtro) || where.plazoStored) return listRepo.page(db, where, limit, offset);
    const { rows, read } = await listRepo.deepSearchPage(db, where, limit, offset);
    deepSearchReads[read]++;
    return rows;
  }

  /** The filtered page; the first row also carries the total (API contract). */
  /** Every case `where` names as an xlsx stream, or null when none. */
  async function exportWhere(where: SQL | undefined): Promise<Readable | null> {
    // The rows stay JSON text from PostgreSQL, their names spliced in; the worker parses them.
    const batch = async (beforeId: number | null): Promise<ExportBatch> => {
      const rows = await listRepo.exportBatch(db, where, beforeId, EXPORT_BATCH_SIZE);
      const { names } = await namesFor(rows);
      return { json: `[${rows.map(names.nameJson).join(',')}]`, count: rows.length, lastId: rows.at(-1)?.id ?? 0 };
    };
    const first = await batch(null);
    if (first.count === 0) return null;
    return xlsx.stream(first, EXPORT_BATCH_SIZE, batch);
  }

  async function filterPage(filtro: CasoFiltro, paging: CappedPagingQuery): Promise<string> {
    const where = filterSql(filtro, filtro.plazo ? await plazoEstadosAlDia(db) : false);
    const offset = pageOffset(paging);
    const exact = paging.exactCount === '1';
    let rows: Awaited<ReturnType<typeof listRepo.page>>;
    let count: Awaited<ReturnType<typeof countMatches>>;
    if (isCounterOnly(filtro)) {
      // All, 'Vigentes' or 'Cerrados': any page through the per-block counts (docs/decisions/042).
      const list = countedList(filtro);
      const page = await countedPage(list, paging);
      rows = page.rows;
      const { vigentes, cerrados } = page.contadores;
      count = { total: list === 'vigentes' ? vigentes : list === 'cerrados' ? cerrados : vigentes + cerrados, capped: false };
    } else if (isCountedByEstado(filtro)) {
      // The exact total from the counts (docs/decisions/064), then the page given it: a deep one
      // read from the nearer end, one of few matches collected through the filter's index.
      const total = await listRepo.countByEstado(db, filtro);
      count = { total, capped: false };
      rows = await listRepo.page(db, where, paging.pageSize, offset, total, { fewMatches: total <= FEW_MATCHES });
    } else if (offset >= DEEP_OFFSET || searchesText(filtro)) {
      if (!exact && !where.plazoStored && !knownCapped(filtro)) {
        const known = await totalInThisSnapshot(filtro);
        if (known !== undefined) {
          // Counted in this very snapshot (paging through a search): only the page is read, met
          // walking the id index (or from the oldest end past the middle).
          count = { total: known, capped: false };
          rows = await listRepo.page(db, where, paging.pageSize, offset, known);
        } else {
          // The count and the page from one read of at most COUNT_CAP + 1 matches; more than that:
          // the page walks the id index, as for a filter counted in parallel.
          const found = await listRepo.countAndPageIds(db, where.where('collect'), COUNT_CAP + 1, paging.pageSize, offset);
          count = countedUpTo(filtro, found.total);
          if (!count.capped && found.total > FEW_MATCHES) rememberTotal(filtro, found.snapshot, found.total);
          rows = count.capped ? await cappedPage(filtro, where, paging.pageSize, offset) : await listRepo.rowsByIds(db, found.ids);
        }
      } else {
        // An exact total, the stored Plazo filter or a filter known to be capped: the count first
        // (then not in parallel: the page's plan depends on it). A deep page with an exact total
        // past the middle is read from the oldest end, so the walk is at most half the matches; a
        // search with few matches collects them through its index instead of walking the id index.
        count = await countMatches(filtro, where, exact);
        const { total, capped } = count;
        rows = capped
          ? await cappedPage(filtro, where, paging.pageSize, offset)
          : await listRepo.page(db, where, paging.pageSize, offset, total, { fewMatches: total <= FEW_MATCHES });
      }
    } else {
      [rows, count] = await Promise.all([listRepo.page(db, where, paging.pageSize, offset), countMatches(filtro, where, exact)]);
    }
    const { names } = await namesFor(rows);
    const { total: totalRows, capped } = count;
    const cases = rows.map(names.nameJson);
    // The first row also carries the total (API contract).
    if (cases[0] !== undefined) cases[0] = `${cases[0].slice(0, -1)},"totalCount":${totalRows}}`;
    const rest = JSON.stringify({ totalPages: totalPages(totalRows, paging.pageSize), totalRows, totalCapped: capped });
    return `{"cases":[${cases.join(',')}],${rest.slice(1)}`;
  }

  return {
    /**
     * GET /casos: newest first, with the Vigentes / Cerrados counters and the filter lookups, as
     * JSON text: its rows come from PostgreSQL as JSON already (casos.list.rows.ts).
     */
    async list(paging: PagingQuery): Promise<string> {
      // Page 1 straight off the id index; any other page through the per-block counts, not an OFFSET (docs/decisions/042).
      const { rows, contadores } = pageOffset(paging) === 0 ? await listRepo.firstPage(db, paging.pageSize) : await countedPage('todos', paging);
      const { lookups, names } = await namesFor(rows);
      return listJson(`[${rows.map(names.nameJson).join(',')}]`, contadores, lookups, paging.pageSize);
    },

    /** POST /casos/filtro: the filtered page as JSON text (its rows from PostgreSQL); the first row also carries the total (API contract). */
    filter(filtro: CasoFiltro, paging: CappedPagingQuery): Promise<string> {
      return searchesText(filtro) ? textSearches.run(() => filterPage(filtro, paging)) : filterPage(filtro, paging);
    },

    /** POST /casos/export: every matching case as an xlsx stream, or null when none matches. */
    export(filtro: CasoFiltro): Promise<Readable | null> {
      // Its matches are not counted first: PostgreSQL chooses how to find a batch's.
      return exportWhere(filterWhere(filtro, 'planned'));
    },

    /** The export of the cases `where` names (the filter's, or a bulk selection's: docs/decisions/097). */
    exportWhere,
    /** How many filters' totals this node keeps with their snapshot (a test checks which are kept). */
    totalsKept: () => totalsSeen.size,
    /** How this node's deep pages of capped searches were read (a test checks each way is taken). */
    deepSearchReads: () => ({ ...deepSearchReads }),
    /** Text searches running and waiting now (a test holds them). */
    textSearchSlots: () => ({ running: textSearches.active, waiting: textSearches.pending }),
    /** The worker threads of the exports running now (a test ends one mid-file, as a crash would). */
    exportWorkers: () => xlsx.busyWorkers(),
    /** Ends the export's worker threads (the app's close). */
    closeExports: () => xlsx.close(),

  };
}
