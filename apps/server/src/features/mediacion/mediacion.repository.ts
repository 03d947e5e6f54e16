import { and, eq, gte, lt, lte, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { Audiencia, AudienciaAgenda, AudienciaFiltro } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { jsonRows } from '../../db/json';
import {
  countedPageIds,
  countedTotal,
  countedTotalSql,
  rangePlaceholders,
  rangeShapeOf,
  rowsAndTotal,
  totalRows,
  type CountedRows,
  type DayCounts,
  type DayRange,
  type RangeShape,
} from '../../db/contadores';
import { audienciaContadores, audienciaContadoresCompania } from '../../db/tables/contadores';
import { casos } from '../../db/tables/casos';
import { companias } from '../../db/tables/reference';
import { audiencias } from '../../db/tables/mediacion';
import { pageDepth, pageWithTotal, readWindow, type PageDepth } from '../../shared/paging';
import { preparedPerDatabase, statementPerKey } from '../../db/prepared';
import { nextVersion, versionMatches } from '../../db/edit-version';

/** A hearing as the case detail shows it: without its company and claim number, which the case has. */
const CASO_AUDIENCIA_COLUMNS = {
  id: audiencias.id,
  version: audiencias.version,
  id_caso: audiencias.id_caso,
  fecha: audiencias.fecha,
  fechah: audiencias.fechah,
  hora: audiencias.hora,
  lugar: audiencias.lugar,
  mediacion_nro: audiencias.mediacion_nro,
};

const COLUMNS = {
  ...CASO_AUDIENCIA_COLUMNS,
  compania: companias.nombre,
  reclamo_nro: casos.reclamo_nro,
};

/** Hearings with the name of their company and their case's claim number (and what else a list selects). */
function selectAudiencias<E extends Record<string, SQL>>(db: DbOrTx, extra = {} as E) {
  return db
    .select({ ...COLUMNS, ...extra })
    .from(audiencias)
    .leftJoin(companias, eq(companias.id, audiencias.id_compania))
    .leftJoin(casos, eq(casos.id, audiencias.id_caso))
    .$dynamic();
}

/** Newest hearing first; matches audiencias_fechah_idx (DESC NULLS LAST) so the planner walks the index. */
const NEWEST_FIRST = [sql`${audiencias.fechah} desc nulls last`, sql`${audiencias.id} desc nulls last`];

/** A list's order and its exact reverse (a page past the middle is read from the other end). */
type Order = { forward: SQL[]; backward: SQL[] };
const NEWEST: Order = { forward: NEWEST_FIRST, backward: [sql`${audiencias.fechah} asc nulls first`, sql`${audiencias.id} asc nulls first`] };

/**
 * The order of the agenda's two halves around today: the same index read from either end, the
 * hours of a day put in order by an incremental sort of that day's rows only.
 */
function agendaOrder(cuando: AudienciaAgenda): Order {
  const soonestFirst = [sql`${audiencias.fechah} asc nulls first`, sql`${audiencias.hora} asc nulls last`, sql`${audiencias.id} asc`];
  const latestFirst = [sql`${audiencias.fechah} desc nulls last`, sql`${audiencias.hora} desc nulls first`, sql`${audiencias.id} desc`];
  return cuando === 'proximas' ? { forward: soonestFirst, backward: latestFirst } : { forward: latestFirst, backward: soonestFirst };
}

/** The agenda's half around `today`, and its order. */
function agenda(cuando: AudienciaAgenda, today: string): { where: SQL; order: Order } {
  return { where: cuando === 'proximas' ? gte(audiencias.fechah, today) : lt(audiencias.fechah, today), order: agendaOrder(cuando) };
}

export type AudienciaValues = Pick<typeof audiencias.$inferInsert, 'fechah' | 'hora' | 'lugar' | 'mediacion_nro'>;

/** `%`, `_` and `\` typed by a person are literal characters, not wildcards. */
export function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Hearings per date (drizzle/0024): the total of no filter or dates alone and where its deep pages start. */
const POR_DIA: DayCounts = { table: audienciaContadores, day: audienciaContadores.fechah, total: audienciaContadores.total, perDay: true };

/** A company's hearings: counted per date (drizzle/0027), and the same condition on the list. */
function deLaCompania(compania: number | Placeholder): { counts: DayCounts; where: SQL } {
  const k = audienciaContadoresCompania;
  return { counts: { table: k, day: k.fechah, total: k.total, where: eq(k.id_compania, compania), perDay: true }, where: eq(audiencias.id_compania, compania) };
}

/**
 * The list the filter gives as rows counted per date (docs/decisions/062, 063), the agenda's half
 * as a range of dates: every hearing per date when it has dates alone (or nothing), a company's
 * hearings per date (drizzle/0027) under a company, with `where` the same condition on the list;
 * null when it filters by a hearing number.
 */
function countedRows(filtro: AudienciaFiltro | null, cuando?: { agenda: AudienciaAgenda; today: string }): CountedRows | null {
  const { fechaDesde = '', fechaHasta = '', compania = '', ...others } = filtro ?? {};
  if (Object.values(others).some(Boolean)) return null;
  let range: DayRange = { desde: fechaDesde || undefined, hasta: fechaHasta || undefined };
  if (cuando?.agenda === 'proximas') range = { ...range, desde: range.desde && range.desde > cuando.today ? range.desde : cuando.today };
  if (cuando?.agenda === 'pasadas') range = { ...range, antesDe: cuando.today };
  return compania ? { ...deLaCompania(Number(compania)), range } : { counts: POR_DIA, range };
}

function filterConditions(filtro: AudienciaFiltro): SQL | undefined {
  const conditions: SQL[] = [];
  if (filtro.audienciaNro) conditions.push(sql`${audiencias.mediacion_nro} ilike ${likeContains(filtro.audienciaNro)}`);
  if (filtro.compania) conditions.push(eq(audiencias.id_compania, Number(filtro.compania)));
  if (filtro.fechaDesde) conditions.push(gte(audiencias.fechah, filtro.fechaDesde));
  if (filtro.fechaHasta) conditions.push(lte(audiencias.fechah, filtro.fechaHasta));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The number of matches: unfiltered, the trigger-kept counter; filtered, off the hearing's own
 * columns (its company is copied from the case, drizzle/0008: through a join to `casos` the
 * count took 26 ms at 1M cases).
 */
async function countMatches(db: DbOrTx, where: SQL | undefined): Promise<number> {
  if (where === undefined) return totalRows(db, audiencias);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(audiencias)
    .where(where);
  return row?.n ?? 0;
}


type Lista = AudienciaAgenda | 'todas';

/**
 * A page of the counted rows (every hearing, a half of the agenda, a company's, by dates) and their
 * total in one round trip: one named statement per list, filter shape, depth and page size (the
 * size written in; the company, the dates and the offset parameters), so PostgreSQL keeps one plan
 * per connection instead of planning the joins at every request (a filtered page planned 0.26 of
 * its 0.34 ms of SQL at 1M cases; docs/decisions/065). Any company's page is a range of
 * audiencias_compania_fechah_idx, so one plan serves the rarest and the commonest. The page's ids
 * are an array the rows are then read by (as the inspections', inspeccion.repository.ts).
 */
const pageStatements = preparedPerDatabase((db) =>
  statementPerKey((key: `${Lista}:${0 | 1}:${RangeShape}:${number}:${PageDepth}`) => {
    const [list, porCompania, shape, limit, depth] = key.split(':') as [Lista, '0' | '1', RangeShape, string, PageDepth];
    const range = rangePlaceholders(shape);
    const compania = porCompania === '1' ? deLaCompania(sql.placeholder('compania')) : undefined;
    const counts = compania?.counts ?? POR_DIA;
    const order = list === 'todas' ? NEWEST.forward : agendaOrder(list).forward;
    const direction = list === 'proximas' ? 'asc' : 'desc';
    const ids = countedPageIds({ counts, range, where: compania?.where, from: audiencias, id: audiencias.id, day: audiencias.fechah, direction, order, limit: Number(limit), depth });
    return selectAudiencias(db, { total: countedTotalSql(audiencias, counts, range, compania !== undefined || shape !== '000') })
      .where(sql`${audiencias.id} = any(array${ids})`)
      .orderBy(...order)
      .prepare(`audiencias_${list}_${porCompania}${shape}_${depth}_${limit}`);
  }),
);

async function countedPage(db: DbOrTx, list: Lista, counted: CountedRows, compania: number | null, limit: number, offset: number): Promise<{ rows: Audiencia[]; total: number }> {
  const statement = pageStatements(db)(`${list}:${compania === null ? 0 : 1}:${rangeShapeOf(counted.range)}:${limit}:${pageDepth(offset)}`);
  return rowsAndTotal(await statement.execute({ compania, ...counted.range, offset }), () => countedTotal(db, audiencias, counted));
}

/**
 * The hearings of a case in the order they were scheduled (the case detail's list), as a JSON
 * array: a subquery for a statement that reads the case (the detail's one round trip).
 */
export const audienciasDelCasoJson = (idCaso: Column | SQL) =>
  jsonRows<{ [K in keyof typeof CASO_AUDIENCIA_COLUMNS]: (typeof CASO_AUDIENCIA_COLUMNS)[K]['_']['data'] }>(
    CASO_AUDIENCIA_COLUMNS,
    sql`from ${audiencias} where ${audiencias.id_caso} = ${idCaso}`,
    ['id'],
  );

export const mediacionRepository = {
  listByCaso(db: DbOrTx, idCaso: number): Promise<Audiencia[]> {
    return selectAudiencias(db)
      .where(eq(audiencias.id_caso, idCaso))
      .orderBy(...NEWEST_FIRST);
  },

  /**
   * One page of every hearing (optionally filtered, optionally one half of the agenda) and the
   * number of matches, both in SQL. The page's ids are found first and only those rows joined
   * (walked whole, page 10,000 at 1M cases took 0.6 s). By dates and company (or none) the page and
   * its total are one named statement (countedPage), a deep page starting from the date its offset
   * falls in (docs/decisions/062, 063, 065); by a hearing number the total comes first from
   * DEEP_OFFSET: a page past the end reads nothing, one past the middle is read from the other end
   * (shared/paging.ts).
   */
  async page(
    db: DbOrTx,
    filtro: AudienciaFiltro | null,
    limit: number,
    offset: number,
    cuando?: { agenda: AudienciaAgenda; today: string },
  ): Promise<{ rows: Audiencia[]; total: number }> {
    const half = cuando ? agenda(cuando.agenda, cuando.today) : undefined;
    const filters = filtro ? filterConditions(filtro) : undefined;
    const where = half ? and(half.where, filters) : filters;
    const order = half?.order ?? NEWEST;
    const counted = countedRows(filtro, cuando);
    if (counted) return countedPage(db, cuando?.agenda ?? 'todas', counted, filtro?.compania ? Number(filtro.compania) : null, limit, offset);
    const rowsOf = (ids: SQL, orderBy: SQL[]) =>
      selectAudiencias(db)
        .where(sql`${audiencias.id} in ${ids}`)
        .orderBy(...orderBy);
    // A hearing number: counted, and a deep page past the middle read from the other end.
    const read = (total?: number): Promise<Audiencia[]> =>
      readWindow(limit, offset, total, order, (orderBy, pageLimit, pageOffset) =>
        rowsOf(sql`(${db.select({ pageId: audiencias.id }).from(audiencias).where(where).orderBy(...orderBy).limit(pageLimit).offset(pageOffset)})`, orderBy),
      );
    return pageWithTotal(offset, () => countMatches(db, where), read);
  },

  async findById(db: DbOrTx, id: number): Promise<Audiencia | undefined> {
    const [row] = await selectAudiencias(db).where(eq(audiencias.id, id));
    return row;
  },

  async insert(db: DbOrTx, values: AudienciaValues & { id_caso: number; fecha: string }): Promise<number> {
    const [row] = await db.insert(audiencias).values(values).returning({ id: audiencias.id });
    return row!.id;
  },

  /** A person's save: a new edit version; false when `version` is given and another save came first. */
  async save(db: DbOrTx, id: number, values: Partial<AudienciaValues>, version: number | null | undefined): Promise<boolean> {
    const rows = await db
      .update(audiencias)
      .set({ ...values, version: nextVersion(audiencias.version) })
      .where(and(eq(audiencias.id, id), versionMatches(audiencias.version, version)))
      .returning({ id: audiencias.id });
    return rows.length > 0;
  },

  async casoExists(db: DbOrTx, idCaso: number): Promise<boolean> {
    const [row] = await db.select({ id: casos.id }).from(casos).where(eq(casos.id, idCaso));
    return Boolean(row);
  },
};
