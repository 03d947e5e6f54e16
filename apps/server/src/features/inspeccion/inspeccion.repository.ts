import { and, eq, gte, inArray, lte, sql, type Column, type SQL } from 'drizzle-orm';
import { INSPECCION_FILTRO_PENDIENTE, INSPECCION_PENDING_ESTADOS, type Inspeccion, type InspeccionCaso, type InspeccionFiltro } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { jsonRows } from '../../db/json';
import { pageIdsFromDay, rowsAndTotal, rowsInDayRange, totalRows, totalRowsSql, type CountedRows, type DayCounts } from '../../db/contadores';
import { inspeccionContadores, inspeccionContadoresDia } from '../../db/tables/contadores';
import { casos } from '../../db/tables/casos';
import { analistas, companias, estados, inspectores, productos } from '../../db/tables/reference';
import { inspecciones } from '../../db/tables/inspeccion';
import { DEEP_OFFSET, pageWithTotal, readWindow } from '../../shared/paging';
import { limitLiteral, preparedPerDatabase, statementPerKey } from '../../db/prepared';
import { INSPECCION_COLUMNS } from './inspeccion.columns';

export type InspeccionRow = Inspeccion & { inspector_nombre: string; inspector_apellido: string };

const COLUMNS = {
  ...INSPECCION_COLUMNS,
  producto: productos.nombre,
};

const NEWEST_FIRST = [sql`${inspecciones.fecha_inspeccion} desc`, sql`${inspecciones.id} desc`];
const OLDEST_FIRST = [sql`${inspecciones.fecha_inspeccion} asc`, sql`${inspecciones.id} asc`];

export type InspeccionValues = Partial<Omit<typeof inspecciones.$inferInsert, 'id'>>;
export type LockedInspeccion = { id: number; idCaso: number; idInspector: number; estado: string; fechaInspeccion: string };

/** Joins every inspection list needs: inspector names and the case's product (and what else a list selects). */
function selectInspecciones<E extends Record<string, SQL>>(db: DbOrTx, extra = {} as E) {
  return db
    .select({ ...COLUMNS, ...extra })
    .from(inspecciones)
    .innerJoin(inspectores, eq(inspectores.id, inspecciones.id_inspector))
    .innerJoin(casos, eq(casos.id, inspecciones.id_caso))
    .leftJoin(productos, eq(productos.id, casos.id_producto));
}

/** Inspections per date (drizzle/0025): the total of no filter or dates alone and where its deep pages start. */
const POR_DIA: DayCounts = { table: inspeccionContadoresDia, day: inspeccionContadoresDia.fecha_inspeccion, total: inspeccionContadoresDia.total };

/** The filter's state and inspector, as a condition on the inspections' columns or on their counts' (the same names). */
function estadoInspector(filtro: InspeccionFiltro, columns: { estado: Column; id_inspector: Column }): SQL | undefined {
  const estado =
    filtro.estado === INSPECCION_FILTRO_PENDIENTE ? inArray(columns.estado, [...INSPECCION_PENDING_ESTADOS]) : filtro.estado ? eq(columns.estado, filtro.estado) : undefined;
  return and(estado, filtro.inspector ? eq(columns.id_inspector, Number(filtro.inspector)) : undefined);
}

/**
 * The list the filter gives as rows counted per date (docs/decisions/062, 063): every inspection
 * per date when it has dates alone (or nothing), the rows per state, inspector and date
 * (drizzle/0027) under a state or an inspector, with `where` the same condition on the list;
 * null when it filters by something they do not count (a case, an inspection number, a product).
 */
function countedRows(filtro: InspeccionFiltro | null): CountedRows | null {
  if (!filtro) return { counts: POR_DIA, range: {} };
  const { fechaDesde, fechaHasta, estado, inspector, ...others } = filtro;
  if (Object.values(others).some(Boolean)) return null;
  const range = { desde: fechaDesde || undefined, hasta: fechaHasta || undefined };
  if (!estado && !inspector) return { counts: POR_DIA, range };
  const counts = { table: inspeccionContadores, day: inspeccionContadores.fecha_inspeccion, total: inspeccionContadores.total, where: estadoInspector(filtro, inspeccionContadores) };
  return { counts, range, where: estadoInspector(filtro, inspecciones) };
}

function filterConditions(filtro: InspeccionFiltro): SQL | undefined {
  const conditions: SQL[] = [];
  if (filtro.nroCaso) conditions.push(eq(inspecciones.id_caso, Number(filtro.nroCaso)));
  if (filtro.nroInspeccion) conditions.push(eq(inspecciones.id, Number(filtro.nroInspeccion)));
  const estadoOInspector = estadoInspector(filtro, inspecciones);
  if (estadoOInspector) conditions.push(estadoOInspector);
  if (filtro.producto) conditions.push(eq(casos.id_producto, Number(filtro.producto)));
  if (filtro.fechaDesde) conditions.push(gte(inspecciones.fecha_inspeccion, filtro.fechaDesde));
  if (filtro.fechaHasta) conditions.push(lte(inspecciones.fecha_inspeccion, filtro.fechaHasta));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * A shallow page of every inspection and their number, one named statement per page size (the
 * size written in, the offset a parameter): PostgreSQL keeps one plan per connection instead of
 * planning the joins at every request (0.76 of its ~1 ms at 1M cases), and the counter comes with
 * the rows instead of by another round trip.
 */
const shallowPageStatements = preparedPerDatabase((db) =>
  statementPerKey((limit: number) => {
    const ids = db
      .select({ id: inspecciones.id })
      .from(inspecciones)
      .orderBy(...NEWEST_FIRST)
      .limit(limitLiteral(limit) as unknown as number)
      .offset(sql.placeholder('offset'));
    return selectInspecciones(db, { total: totalRowsSql(inspecciones) })
      .where(sql`${inspecciones.id} in (${ids})`)
      .orderBy(...NEWEST_FIRST)
      .prepare(`inspecciones_page_${limit}`);
  }),
);

async function shallowPage(db: DbOrTx, limit: number, offset: number): Promise<{ rows: InspeccionRow[]; total: number }> {
  return rowsAndTotal(await shallowPageStatements(db)(limit).execute({ offset }), () => totalRows(db, inspecciones));
}

export const inspeccionRepository = {
  /**
   * The inspections of a case, oldest first (the case detail's list: the last is the current one), as
   * a JSON array: a subquery for a statement that reads the case (the detail's one round trip).
   */
  ofCasoJson: (idCaso: Column | SQL) =>
    jsonRows<Inspeccion>(
      INSPECCION_COLUMNS,
      sql`from ${inspecciones} join ${inspectores} on ${inspectores.id} = ${inspecciones.id_inspector} where ${inspecciones.id_caso} = ${idCaso}`,
      ['id'],
    ),

  async findById(db: DbOrTx, id: number): Promise<InspeccionRow | undefined> {
    const [row] = await selectInspecciones(db).where(eq(inspecciones.id, id));
    return row;
  },

  /** Reads the inspection and locks its row until the transaction ends. */
  async lockById(tx: DbOrTx, id: number): Promise<LockedInspeccion | undefined> {
    const [row] = await tx
      .select({
        id: inspecciones.id,
        idCaso: inspecciones.id_caso,
        idInspector: inspecciones.id_inspector,
        estado: inspecciones.estado,
        fechaInspeccion: inspecciones.fecha_inspeccion,
      })
      .from(inspecciones)
      .where(eq(inspecciones.id, id))
      .for('update');
    return row;
  },

  /** The case's status, its row locked until the transaction ends. */
  async lockCaso(tx: DbOrTx, idCaso: number): Promise<{ id: number; idEstado: number } | undefined> {
    const [row] = await tx.select({ id: casos.id, idEstado: casos.id_estado }).from(casos).where(eq(casos.id, idCaso)).for('update');
    return row;
  },

  async casoEstado(db: DbOrTx, idCaso: number): Promise<number | undefined> {
    const [row] = await db.select({ idEstado: casos.id_estado }).from(casos).where(eq(casos.id, idCaso));
    return row?.idEstado;
  },

  async updateCaso(tx: DbOrTx, idCaso: number, values: { id_estado: number; fecha_estado: string }): Promise<void> {
    await tx.update(casos).set(values).where(eq(casos.id, idCaso));
  },

  async countPending(db: DbOrTx, idCaso: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(inspecciones)
      .where(and(eq(inspecciones.id_caso, idCaso), inArray(inspecciones.estado, [...INSPECCION_PENDING_ESTADOS])));
    return row?.n ?? 0;
  },

  async insert(tx: DbOrTx, values: typeof inspecciones.$inferInsert): Promise<number> {
    const [row] = await tx.insert(inspecciones).values(values).returning({ id: inspecciones.id });
    return row!.id;
  },

  async update(tx: DbOrTx, id: number, values: InspeccionValues): Promise<void> {
    await tx.update(inspecciones).set(values).where(eq(inspecciones.id, id));
  },

  async delete(tx: DbOrTx, id: number): Promise<void> {
    await tx.delete(inspecciones).where(eq(inspecciones.id, id));
  },

  async inspectorExists(db: DbOrTx, idInspector: number): Promise<boolean> {
    const [row] = await db.select({ id: inspectores.id }).from(inspectores).where(eq(inspectores.id, idInspector));
    return Boolean(row);
  },

  /**
   * One page of every inspection (optionally filtered), latest inspection date first, and the
   * number of matches (unfiltered: the trigger-kept counter; by dates, state and inspector: sums
   * of the per-date counts, docs/decisions/063). The page's ids are found first, walking
   * inspecciones_fecha_idx alone, and only those rows are joined: walked whole, a deep page joined
   * every row its OFFSET skipped (page 15,000 at 1M cases took 1.3 s). From DEEP_OFFSET the total
   * comes first: a page past the end reads nothing; by dates, state and inspector the page starts
   * from the date its offset falls in (docs/decisions/062), otherwise one past the middle is read
   * from the oldest end (shared/paging.ts pageWindow).
   */
  async page(
    db: DbOrTx,
    filtro: InspeccionFiltro | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: InspeccionRow[]; total: number }> {
    const where = filtro ? filterConditions(filtro) : undefined;
    const needsCaso = Boolean(filtro?.producto);
    const counted = countedRows(filtro);
    const count = async () => {
      if (where === undefined) return totalRows(db, inspecciones);
      if (counted) return rowsInDayRange(db, counted.counts, counted.range);
      const query = db
        .select({ n: sql<number>`count(*)::int` })
        .from(inspecciones)
        .$dynamic();
      const [row] = await (needsCaso ? query.innerJoin(casos, eq(casos.id, inspecciones.id_caso)) : query).where(where);
      return row?.n ?? 0;
    };
    const rowsOf = (ids: SQL, order: SQL[]) =>
      selectInspecciones(db)
        .where(sql`${inspecciones.id} in ${ids}`)
        .orderBy(...order);
    if (where === undefined && offset < DEEP_OFFSET) return shallowPage(db, limit, offset);
    const pageRows = (total?: number) => {
      if (counted && total !== undefined) {
        const ids = pageIdsFromDay({ ...counted, from: inspecciones, id: inspecciones.id, day: inspecciones.fecha_inspeccion, direction: 'desc', order: NEWEST_FIRST, limit, offset });
        return offset < total ? rowsOf(ids, NEWEST_FIRST) : Promise.resolve([]);
      }
      return readWindow(limit, offset, total, { forward: NEWEST_FIRST, backward: OLDEST_FIRST }, (order, pageLimit, pageOffset): Promise<InspeccionRow[]> => {
        const ids = db.select({ pageId: inspecciones.id }).from(inspecciones).$dynamic();
        return rowsOf(sql`(${(needsCaso ? ids.innerJoin(casos, eq(casos.id, inspecciones.id_caso)) : ids).where(where).orderBy(...order).limit(pageLimit).offset(pageOffset)})`, order);
      });
    };
    return pageWithTotal(offset, count, pageRows);
  },

  /** An inspector's inspections, newest first (inspecciones_inspector_idx). */
  async pageByInspector(db: DbOrTx, idInspector: number, limit: number, offset: number): Promise<{ rows: InspeccionRow[]; total: number }> {
    const where = eq(inspecciones.id_inspector, idInspector);
    const [rows, [total]] = await Promise.all([
      selectInspecciones(db)
        .where(where)
        .orderBy(sql`${inspecciones.id} desc nulls last`)
        .limit(limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(inspecciones)
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The case data of the inspection screens, with its insured party id. */
  async detailCaso(db: DbOrTx, idCaso: number): Promise<(InspeccionCaso & { id_asegurado: number }) | undefined> {
    const [row] = await db
      .select({
        id: casos.id,
        id_estado: casos.id_estado,
        estado: estados.nombre,
        id_compania: casos.id_compania,
        nombre_compania: companias.nombre,
        reclamo_nro: casos.reclamo_nro,
        fecha_siniestro: casos.fecha_siniestro,
        hora_siniestro: casos.hora_siniestro,
        fecha_denuncia: casos.fecha_denuncia,
        id_analista: casos.id_analista,
        apellido_analista: analistas.apellido,
        nombre_analista: analistas.nombre,
        gestor: casos.gestor,
        id_producto: casos.id_producto,
        producto: productos.nombre,
        lugar_siniestro: casos.lugar_siniestro,
        declaracion_asegurado: casos.declaracion_asegurado,
        id_asegurado: casos.id_asegurado,
      })
      .from(casos)
      .innerJoin(estados, eq(estados.id, casos.id_estado))
      .innerJoin(companias, eq(companias.id, casos.id_compania))
      .leftJoin(analistas, eq(analistas.id, casos.id_analista))
      .leftJoin(productos, eq(productos.id, casos.id_producto))
      .where(eq(casos.id, idCaso));
    return row;
  },
};
