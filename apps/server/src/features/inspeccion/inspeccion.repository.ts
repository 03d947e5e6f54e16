import { and, eq, gte, inArray, lte, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import {
  INSPECCION_ESTADOS,
  INSPECCION_FILTRO_PENDIENTE,
  INSPECCION_PENDING_ESTADOS,
  type Inspeccion,
  type InspeccionAgendaItem,
  type InspeccionAgendaVista,
  type InspeccionCaso,
  type InspeccionFiltro,
} from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { nextVersion } from '../../db/edit-version';
import { jsonRows } from '../../db/json';
import {
  countedPageIds,
  countedTotal,
  countedTotalSql,
  rangePlaceholders,
  rangeShapeOf,
  rowsAndTotal,
  type CountedRows,
  type DayCounts,
  type RangeShape,
} from '../../db/contadores';
import { inspeccionContadores, inspeccionContadoresDia, inspeccionContadoresProducto } from '../../db/tables/contadores';
import { casos, terceros } from '../../db/tables/casos';
import { analistas, companias, estados, inspectores, productos } from '../../db/tables/reference';
import { PENDIENTES_SQL, inspecciones } from '../../db/tables/inspeccion';
import { pageDepth, pageWithTotal, readWindow, type PageDepth } from '../../shared/paging';
import { preparedPerDatabase, statementPerKey } from '../../db/prepared';
import { INSPECCION_COLUMNS } from './inspeccion.columns';

export type InspeccionRow = Inspeccion & { inspector_nombre: string; inspector_apellido: string };

const COLUMNS = {
  ...INSPECCION_COLUMNS,
  producto: productos.nombre,
};

const NEWEST_FIRST = [sql`${inspecciones.fecha_inspeccion} desc`, sql`${inspecciones.id} desc`];
const OLDEST_FIRST = [sql`${inspecciones.fecha_inspeccion} asc`, sql`${inspecciones.id} asc`];

export type InspeccionValues = Partial<Omit<typeof inspecciones.$inferInsert, 'id'>>;
export type LockedInspeccion = {
  id: number;
  idCaso: number;
  idInspector: number;
  estado: string;
  fechaInspeccion: string;
  version: number;
  cierreClave: string | null;
};

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
const POR_DIA: DayCounts = { table: inspeccionContadoresDia, day: inspeccionContadoresDia.fecha_inspeccion, total: inspeccionContadoresDia.total, perDay: true };

/** A state the filter offers (INSPECCION_FILTER_ESTADOS and Licitando), written into the statement: the plan then knows how common it is. */
const ESTADOS_FILTRABLES: readonly string[] = [...Object.values(INSPECCION_ESTADOS), INSPECCION_FILTRO_PENDIENTE];
const estadoLiteral = (estado: string) => {
  if (!ESTADOS_FILTRABLES.includes(estado)) throw new Error(`Bad inspection state ${estado}`);
  return sql.raw(`'${estado}'`);
};

/**
 * The filter's state (a literal: one of four) and inspector (a number, or a named statement's
 * parameter), as a condition on the inspections' columns or on their counts' (the same names).
 */
function estadoInspector(estado: string, inspector: number | Placeholder | undefined, columns: { estado: Column; id_inspector: Column }): SQL | undefined {
  const porEstado =
    estado === INSPECCION_FILTRO_PENDIENTE ? sql`${columns.estado} in ${PENDIENTES_SQL}` : estado ? sql`${columns.estado} = ${estadoLiteral(estado)}` : undefined;
  return and(porEstado, inspector === undefined ? undefined : eq(columns.id_inspector, inspector));
}

/** Inspections per state, inspector and date (drizzle/0027) of a state and inspector, and the same condition on the list. */
function porEstadoInspector(estado: string, inspector: number | Placeholder | undefined): { counts: DayCounts; where: SQL | undefined } {
  const k = inspeccionContadores;
  // One state and one inspector fix the key's first columns: one row a date.
  const perDay = estado !== '' && estado !== INSPECCION_FILTRO_PENDIENTE && inspector !== undefined;
  return { counts: { table: k, day: k.fecha_inspeccion, total: k.total, where: estadoInspector(estado, inspector, k), perDay }, where: estadoInspector(estado, inspector, inspecciones) };
}

const inspectorOf = (filtro: InspeccionFiltro) => (filtro.inspector ? Number(filtro.inspector) : undefined);

/** The filter's product; none for 0, which an inspection holds when its case has no product (drizzle/0032) but no product is. */
const productoOf = (filtro: InspeccionFiltro) => (Number(filtro.producto) > 0 ? Number(filtro.producto) : undefined);

/** Inspections per product and date (drizzle/0032) of a product, and the same condition on the list (the case's product, copied). */
function delProducto(producto: number | Placeholder): { counts: DayCounts; where: SQL } {
  const k = inspeccionContadoresProducto;
  return { counts: { table: k, day: k.fecha_inspeccion, total: k.total, where: eq(k.id_producto, producto), perDay: true }, where: eq(inspecciones.id_producto, producto) };
}

/**
 * The list the filter gives as rows counted per date (docs/decisions/062, 063): every inspection
 * per date when it has dates alone (or nothing), the rows per state, inspector and date
 * (drizzle/0027) under a state or an inspector, with `where` the same condition on the list;
 * a product's per date (drizzle/0032) under a product alone; null when it filters by something
 * they do not count (a case, an inspection number, a product with a state or an inspector).
 */
function countedRows(filtro: InspeccionFiltro | null): CountedRows | null {
  if (!filtro) return { counts: POR_DIA, range: {} };
  const { fechaDesde, fechaHasta, estado, inspector, producto, ...others } = filtro;
  if (Object.values(others).some(Boolean) || (producto && (estado || inspector || !productoOf(filtro)))) return null;
  const range = { desde: fechaDesde || undefined, hasta: fechaHasta || undefined };
  if (producto) return { ...delProducto(Number(producto)), range };
  if (!estado && !inspector) return { counts: POR_DIA, range };
  return { ...porEstadoInspector(estado, inspectorOf(filtro)), range };
}

function filterConditions(filtro: InspeccionFiltro): SQL | undefined {
  const conditions: SQL[] = [];
  if (filtro.nroCaso) conditions.push(eq(inspecciones.id_caso, Number(filtro.nroCaso)));
  if (filtro.nroInspeccion) conditions.push(eq(inspecciones.id, Number(filtro.nroInspeccion)));
  const estadoOInspector = estadoInspector(filtro.estado, inspectorOf(filtro), inspecciones);
  if (estadoOInspector) conditions.push(estadoOInspector);
  if (filtro.producto) conditions.push(productoOf(filtro) ? eq(inspecciones.id_producto, Number(filtro.producto)) : sql`false`);
  if (filtro.fechaDesde) conditions.push(gte(inspecciones.fecha_inspeccion, filtro.fechaDesde));
  if (filtro.fechaHasta) conditions.push(lte(inspecciones.fecha_inspeccion, filtro.fechaHasta));
  return conditions.length ? and(...conditions) : undefined;
}


/**
 * A page of the counted rows (every inspection, or by state, inspector, product and dates) and their total
 * in one round trip: one named statement per state, filter shape, depth and page size (the state
 * and the size written in; the inspector, the dates and the offset parameters), so PostgreSQL keeps
 * one plan per connection instead of planning the joins at every request (0.76 of its ~1 ms
 * unfiltered, 0.42 of 0.53 filtered, 0.71 of a middle page's 2.3, at 1M cases; docs/decisions/065).
 * An inspector's page is a range of inspecciones_inspector_fecha_idx (the state in it), so one plan
 * serves every inspector; the state is written in so that a plan for a rare one does not walk every
 * inspection's date. The page's ids are an array the rows are then read by: as a subquery, a plan
 * kept for any offset joined them against every inspection (100 ms).
 */
const pageStatements = preparedPerDatabase((db) =>
  statementPerKey((key: `${string}:${'' | 'inspector' | 'producto'}:${RangeShape}:${number}:${PageDepth}`) => {
    const [estado, por, shape, limit, depth] = key.split(':') as [string, '' | 'inspector' | 'producto', RangeShape, string, PageDepth];
    const range = rangePlaceholders(shape);
    const filtro =
      por === 'producto'
        ? delProducto(sql.placeholder('producto'))
        : estado || por === 'inspector'
          ? porEstadoInspector(estado, por === 'inspector' ? sql.placeholder('inspector') : undefined)
          : undefined;
    const counts = filtro?.counts ?? POR_DIA;
    const ids = countedPageIds({ counts, range, where: filtro?.where, from: inspecciones, id: inspecciones.id, day: inspecciones.fecha_inspeccion, direction: 'desc', order: NEWEST_FIRST, limit: Number(limit), depth });
    return selectInspecciones(db, { total: countedTotalSql(inspecciones, counts, range, filtro !== undefined || shape !== '000') })
      .where(sql`${inspecciones.id} = any(array${ids})`)
      .orderBy(...NEWEST_FIRST)
      .prepare(`inspecciones_${estado.toLowerCase() || 'todas'}_${por || 'todos'}_${shape}_${depth}_${limit}`);
  }),
);

async function countedPage(db: DbOrTx, filtro: InspeccionFiltro | null, counted: CountedRows, limit: number, offset: number): Promise<{ rows: InspeccionRow[]; total: number }> {
  const inspector = filtro ? inspectorOf(filtro) : undefined;
  const producto = filtro ? productoOf(filtro) : undefined;
  const por = producto !== undefined ? 'producto' : inspector !== undefined ? 'inspector' : '';
  const statement = pageStatements(db)(`${filtro?.estado ?? ''}:${por}:${rangeShapeOf(counted.range)}:${limit}:${pageDepth(offset)}`);
  return rowsAndTotal(await statement.execute({ inspector, producto, ...counted.range, offset }), () => countedTotal(db, inspecciones, counted));
}

/**
 * The inspections of a case, oldest first (the case detail's list: the last is the current one), as
 * a JSON array: a subquery for a statement that reads the case (the detail's one round trip).
 */
export const inspeccionesDelCasoJson = (idCaso: Column | SQL) =>
  jsonRows<Inspeccion>(
    INSPECCION_COLUMNS,
    sql`from ${inspecciones} join ${inspectores} on ${inspectores.id} = ${inspecciones.id_inspector} where ${inspecciones.id_caso} = ${idCaso}`,
    ['id'],
  );

/**
 * The agenda's two orders (docs/decisions/086), each a range of its partial index read in order
 * (drizzle/0044): pending by date, hour (none last, as the ascending index keeps NULLs) and id;
 * finalized by closing date and id, newest first (the index read backwards).
 */
const AGENDA = {
  pendientes: {
    where: sql`${inspecciones.estado} in ${PENDIENTES_SQL}`,
    order: [sql`${inspecciones.fecha_inspeccion} asc`, sql`${inspecciones.hora_inspeccion} asc nulls last`, sql`${inspecciones.id} asc`],
  },
  finalizadas: {
    where: sql`${inspecciones.estado} = ${estadoLiteral(INSPECCION_ESTADOS.FINALIZADA)}`,
    order: [sql`${inspecciones.fecha_cierre} desc`, sql`${inspecciones.id} desc`],
  },
} satisfies Record<InspeccionAgendaVista, { where: SQL; order: SQL[] }>;

/** The case's first third party (terceros_caso_orden_uq): the one whose vehicle is inspected. */
function primerTercero(db: DbOrTx) {
  return db
    .select({
      apellido: terceros.apellido,
      nombre: terceros.nombre,
      // The mobile, else the landline: the number a visit is arranged by.
      telefono: sql<string | null>`coalesce(nullif(btrim(${terceros.cel}), ''), nullif(btrim(${terceros.fijo}), ''))`.as('telefono'),
      marca_modelo: terceros.marca_modelo,
      dominio: terceros.dominio,
    })
    .from(terceros)
    .where(eq(terceros.id_caso, inspecciones.id_caso))
    .orderBy(terceros.orden)
    .limit(1)
    .as('tercero');
}

export const inspeccionRepository = {
  async findById(db: DbOrTx, id: number): Promise<InspeccionRow | undefined> {
    const [row] = await selectInspecciones(db).where(eq(inspecciones.id, id));
    return row;
  },

  /** The clave of the close that finalized it (docs/decisions/091), null for a close without one. */
  async cierreClave(db: DbOrTx, id: number): Promise<string | null | undefined> {
    const [row] = await db.select({ clave: inspecciones.cierre_clave }).from(inspecciones).where(eq(inspecciones.id, id));
    return row?.clave;
  },

  /** The inspection a close's clave finalized, if any (the clave is unique, drizzle/0047). */
  async idDeClave(db: DbOrTx, clave: string): Promise<number | undefined> {
    const [row] = await db.select({ id: inspecciones.id }).from(inspecciones).where(eq(inspecciones.cierre_clave, clave));
    return row?.id;
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
        version: inspecciones.version,
        cierreClave: inspecciones.cierre_clave,
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

  /** Every change of an inspection (edit, reassignment, close) is a new edit version (docs/decisions/074). */
  async update(tx: DbOrTx, id: number, values: InspeccionValues): Promise<void> {
    await tx
      .update(inspecciones)
      .set({ ...values, version: nextVersion(inspecciones.version) })
      .where(eq(inspecciones.id, id));
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
   * every row its OFFSET skipped (page 15,000 at 1M cases took 1.3 s). By dates, state and
   * inspector the page and its total are one named statement (countedPage), a deep page starting
   * from the date its offset falls in (docs/decisions/062, 065); by anything else the total comes
   * first from DEEP_OFFSET: a page past the end reads nothing, one past the middle is read from the
   * oldest end (shared/paging.ts pageWindow).
   */
  async page(
    db: DbOrTx,
    filtro: InspeccionFiltro | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: InspeccionRow[]; total: number }> {
    const where = filtro ? filterConditions(filtro) : undefined;
    const counted = countedRows(filtro);
    const count = async () => {
      const query = db
        .select({ n: sql<number>`count(*)::int` })
        .from(inspecciones)
        .$dynamic();
      const [row] = await query.where(where);
      return row?.n ?? 0;
    };
    const rowsOf = (ids: SQL, order: SQL[]) =>
      selectInspecciones(db)
        .where(sql`${inspecciones.id} in ${ids}`)
        .orderBy(...order);
    if (counted) return countedPage(db, filtro, counted, limit, offset);
    const pageRows = (total?: number) =>
      readWindow(limit, offset, total, { forward: NEWEST_FIRST, backward: OLDEST_FIRST }, (order, pageLimit, pageOffset): Promise<InspeccionRow[]> => {
        const ids = db.select({ pageId: inspecciones.id }).from(inspecciones).$dynamic();
        return rowsOf(sql`(${ids.where(where).orderBy(...order).limit(pageLimit).offset(pageOffset)})`, order);
      });
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

  /**
   * One inspector's agenda page (docs/decisions/086) and how many visits the view holds. The page's
   * ids come first, from the view's index alone; only those rows are joined (joined whole, page 500
   * of 21,000 finalized visits hashed them all: 368 ms, against 7 ms, PostgreSQL, 300k cases).
   */
  async agenda(db: DbOrTx, idInspector: number, vista: InspeccionAgendaVista, limit: number, offset: number): Promise<{ rows: InspeccionAgendaItem[]; total: number }> {
    const { where, order } = AGENDA[vista];
    const condition = and(eq(inspecciones.id_inspector, idInspector), where);
    const pageIds = db.select({ id: inspecciones.id }).from(inspecciones).where(condition).orderBy(...order).limit(limit).offset(offset);
    const tercero = primerTercero(db);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: inspecciones.id,
          id_caso: inspecciones.id_caso,
          reclamo_nro: casos.reclamo_nro,
          compania: companias.nombre,
          fecha_inspeccion: inspecciones.fecha_inspeccion,
          hora_inspeccion: inspecciones.hora_inspeccion,
          direccion: inspecciones.direccion,
          detalle: inspecciones.detalle,
          estado: sql<InspeccionAgendaItem['estado']>`${inspecciones.estado}`,
          fecha_cierre: inspecciones.fecha_cierre,
          tercero_apellido: tercero.apellido,
          tercero_nombre: tercero.nombre,
          tercero_telefono: tercero.telefono,
          tercero_marca_modelo: tercero.marca_modelo,
          tercero_dominio: tercero.dominio,
        })
        .from(inspecciones)
        .innerJoin(casos, eq(casos.id, inspecciones.id_caso))
        .innerJoin(companias, eq(companias.id, casos.id_compania))
        .leftJoinLateral(tercero, sql`true`)
        .where(inArray(inspecciones.id, pageIds))
        .orderBy(...order),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(inspecciones)
        .where(condition),
    ]);
    return {
      rows: rows.map(({ tercero_apellido, tercero_nombre, tercero_telefono, tercero_marca_modelo, tercero_dominio, ...row }) => ({
        ...row,
        tercero:
          tercero_apellido === null
            ? null
            : { apellido: tercero_apellido, nombre: tercero_nombre, telefono: tercero_telefono, marca_modelo: tercero_marca_modelo, dominio: tercero_dominio },
      })),
      total: total?.n ?? 0,
    };
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
