import { and, asc, eq, getTableColumns, max, sql, type SQL } from 'drizzle-orm';
import { FLAG_KEYS, type FlagKey, type Flags } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { nextVersion, versionMatches } from '../../db/edit-version';
import { preparedPerDatabase } from '../../db/prepared';
import { omit } from '../../shared/objects';
import { documentos } from '../../db/tables/documentacion';
import { letrados } from '../../db/tables/letrados';
import { analistas, companias, estados, productos, responsabilidades } from '../../db/tables/reference';
import { asegurados, casoContadores, casos, terceros } from '../../db/tables/casos';

export type AseguradoValues = Omit<typeof asegurados.$inferInsert, 'id'>;
export type TerceroValues = Omit<typeof terceros.$inferInsert, 'id' | 'id_caso' | 'orden'>;
export type CasoValues = typeof casos.$inferInsert;

/** The case row a write locks: what the rules of an edit look at. */
export type CasoLock = { id: number; id_estado: number; id_asegurado: number; id_analista: number | null; version: number; valor_acordado: string | null };

export const FLAG_COLUMNS = Object.fromEntries(FLAG_KEYS.map((key) => [key, casos[key]])) as { [K in FlagKey]: (typeof casos)[K] };

/**
 * The Caso of the detail (spec §3) without what is derived from its people and inspections: every
 * column under its API name (docs/decisions/054) but the search text, the idempotency key and the
 * status a close came from; the lawyer may be linked from either side.
 */
const CASO_COLUMNS = {
  ...omit(getTableColumns(casos), ['busqueda', 'busqueda_apellidos', 'busqueda_dominios', 'idempotency_key', 'id_estado_previo', 'id_letrado']),
  id_letrado: sql<number | null>`coalesce(${casos.id_letrado}, ${letrados.id})`,
  nombre_estado: estados.nombre,
  nombre_compania: companias.nombre,
  apellido_analista: analistas.apellido,
  nombre_analista: analistas.nombre,
  producto: productos.nombre,
  responsabilidad: responsabilidades.nombre,
};

export type Contadores = { vigentes: number; cerrados: number };

const selectContadores = preparedPerDatabase((db) =>
  db.select({ cerrado: casoContadores.cerrado, total: casoContadores.total }).from(casoContadores).prepare('caso_contadores'),
);

export const casosRepository = {
  async insertAsegurado(tx: DbOrTx, values: AseguradoValues): Promise<number> {
    const [row] = await tx.insert(asegurados).values(values).returning({ id: asegurados.id });
    return row!.id;
  },

  async insertCaso(tx: DbOrTx, values: CasoValues): Promise<number> {
    const [row] = await tx.insert(casos).values(values).returning({ id: casos.id });
    return row!.id;
  },

  async insertTerceros(tx: DbOrTx, idCaso: number, rows: (TerceroValues & { orden: number })[]) {
    if (rows.length === 0) return;
    await tx.insert(terceros).values(rows.map((row) => ({ ...row, id_caso: idCaso })));
  },

  async findIdByIdempotencyKey(db: DbOrTx, key: string): Promise<number | undefined> {
    const [row] = await db.select({ id: casos.id }).from(casos).where(eq(casos.idempotency_key, key));
    return row?.id;
  },

  async lastId(db: DbOrTx): Promise<number | null> {
    const [row] = await db.select({ id: max(casos.id) }).from(casos);
    return row?.id ?? null;
  },

  async exists(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db.select({ id: casos.id }).from(casos).where(eq(casos.id, id));
    return Boolean(row);
  },

  /** Reads the case and locks its row until the transaction ends, so two edits apply one after the other. */
  async lock(tx: DbOrTx, id: number): Promise<CasoLock | undefined> {
    const [row] = await tx
      .select({
        id: casos.id,
        id_estado: casos.id_estado,
        id_asegurado: casos.id_asegurado,
        id_analista: casos.id_analista,
        version: casos.version,
        valor_acordado: casos.valor_acordado,
      })
      .from(casos)
      .where(eq(casos.id, id))
      .for('update');
    return row;
  },

  async updateCaso(tx: DbOrTx, id: number, values: Partial<CasoValues>) {
    await tx.update(casos).set(values).where(eq(casos.id, id));
  },

  /** A person's save of the case's own fields: a new edit version (the caller checked the one read on the locked row). */
  async saveCaso(tx: DbOrTx, id: number, values: Partial<CasoValues>) {
    await tx
      .update(casos)
      .set({ ...values, version: nextVersion(casos.version) })
      .where(eq(casos.id, id));
  },

  /** A person's save of the insured party; false when `version` is given and another save came first. */
  async saveAsegurado(tx: DbOrTx, id: number, values: Partial<AseguradoValues>, version: number | null | undefined): Promise<boolean> {
    const rows = await tx
      .update(asegurados)
      .set({ ...values, version: nextVersion(asegurados.version) })
      .where(and(eq(asegurados.id, id), versionMatches(asegurados.version, version)))
      .returning({ id: asegurados.id });
    return rows.length > 0;
  },

  tercerosOrden(tx: DbOrTx, idCaso: number) {
    return tx.select({ id: terceros.id, orden: terceros.orden }).from(terceros).where(eq(terceros.id_caso, idCaso)).orderBy(asc(terceros.orden));
  },

  /** A person's save of one third party of the case; false when `version` is given and another save came first. */
  async saveTercero(tx: DbOrTx, idCaso: number, id: number, values: Partial<TerceroValues>, version: number | null | undefined): Promise<boolean> {
    const rows = await tx
      .update(terceros)
      .set({ ...values, version: nextVersion(terceros.version) })
      .where(and(eq(terceros.id, id), eq(terceros.id_caso, idCaso), versionMatches(terceros.version, version)))
      .returning({ id: terceros.id });
    return rows.length > 0;
  },

  /** What the `busqueda` column is built from. */
  async searchSource(tx: DbOrTx, idCaso: number) {
    const [caso] = await tx
      .select({
        reclamo_nro: casos.reclamo_nro,
        apellido: asegurados.apellido,
        nombre: asegurados.nombre,
        nro_doc: asegurados.nro_doc,
        cuit: asegurados.cuit,
        dominio: asegurados.dominio,
      })
      .from(casos)
      .innerJoin(asegurados, eq(asegurados.id, casos.id_asegurado))
      .where(eq(casos.id, idCaso));
    const people = await tx
      .select({ apellido: terceros.apellido, nombre: terceros.nombre, nro_doc: terceros.nro_doc, cuit: terceros.cuit, dominio: terceros.dominio })
      .from(terceros)
      .where(eq(terceros.id_caso, idCaso))
      .orderBy(asc(terceros.orden));
    if (!caso) return undefined;
    const { reclamo_nro, ...asegurado } = caso;
    return { reclamo_nro, asegurado, terceros: people };
  },

  async countDocumentos(tx: DbOrTx, idCaso: number): Promise<number> {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(documentos).where(eq(documentos.id_caso, idCaso));
    return row?.n ?? 0;
  },

  async findAnalista(tx: DbOrTx, id: number) {
    const [row] = await tx.select({ id: analistas.id, nombre: analistas.nombre, apellido: analistas.apellido }).from(analistas).where(eq(analistas.id, id));
    return row;
  },

  async flags(db: DbOrTx, id: number): Promise<Flags | undefined> {
    const [row] = await db.select(FLAG_COLUMNS).from(casos).where(eq(casos.id, id));
    return row;
  },

  /** One flag flipped in the database itself, so two quick clicks give two toggles. */
  async toggleFlag(db: DbOrTx, id: number, key: FlagKey): Promise<Flags | undefined> {
    const [row] = await db
      .update(casos)
      .set({ [key]: sql`not ${casos[key]}` })
      .where(eq(casos.id, id))
      .returning(FLAG_COLUMNS);
    return row;
  },

  /** Vigentes (false) and Cerrados (true), kept by a trigger (docs/decisions/002). */
  async contadores(db: DbOrTx): Promise<Contadores> {
    const rows = await selectContadores(db).execute();
    return {
      vigentes: rows.find((row) => !row.cerrado)?.total ?? 0,
      cerrados: rows.find((row) => row.cerrado)?.total ?? 0,
    };
  },

  // Case detail (GET /casos/{id}).

  /**
   * The case of the detail, with `extras` (the other features' JSON subqueries, correlated on
   * `casos`) in the same statement; its id is the placeholder `id`.
   */
  detailQuery<E extends Record<string, SQL>>(db: DbOrTx, extras: E) {
    return db
      .select({ ...CASO_COLUMNS, ...extras })
      .from(casos)
      .innerJoin(estados, eq(estados.id, casos.id_estado))
      .innerJoin(companias, eq(companias.id, casos.id_compania))
      .leftJoin(analistas, eq(analistas.id, casos.id_analista))
      .leftJoin(productos, eq(productos.id, casos.id_producto))
      .leftJoin(responsabilidades, eq(responsabilidades.id, casos.id_responsabilidad))
      .leftJoin(letrados, eq(letrados.id_caso, casos.id))
      .where(eq(casos.id, sql.placeholder('id')));
  },
};
