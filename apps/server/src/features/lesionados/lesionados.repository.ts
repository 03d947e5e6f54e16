import { and, asc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Lesionado } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { nextVersion, versionMatches } from '../../db/edit-version';
import { jsonRows } from '../../db/json';
import { casos } from '../../db/tables/casos';
import { tiposDoc } from '../../db/tables/reference';
import { lesionados } from '../../db/tables/lesionados';

const COLUMNS = {
  id: lesionados.id,
  version: lesionados.version,
  id_caso: lesionados.id_caso,
  apellido: lesionados.apellido,
  nombre: lesionados.nombre,
  id_tipo_doc: lesionados.id_tipo_doc,
  nro_doc: lesionados.nro_doc,
  tipo_doc: tiposDoc.nombre,
};

export type LesionadoValues = Pick<typeof lesionados.$inferInsert, 'apellido' | 'nombre' | 'id_tipo_doc' | 'nro_doc'>;

/** listByCaso as a JSON array: a subquery for a statement that reads the case (the detail's one round trip). */
export const lesionadosDelCasoJson = (idCaso: Column | SQL) =>
  jsonRows<Lesionado>(COLUMNS, sql`from ${lesionados} left join ${tiposDoc} on ${tiposDoc.id} = ${lesionados.id_tipo_doc} where ${lesionados.id_caso} = ${idCaso}`, ['id']);

export const lesionadosRepository = {
  listByCaso(db: DbOrTx, idCaso: number): Promise<Lesionado[]> {
    return db
      .select(COLUMNS)
      .from(lesionados)
      .leftJoin(tiposDoc, eq(tiposDoc.id, lesionados.id_tipo_doc))
      .where(eq(lesionados.id_caso, idCaso))
      .orderBy(asc(lesionados.id));
  },

  async findById(db: DbOrTx, id: number): Promise<Lesionado | undefined> {
    const [row] = await db.select(COLUMNS).from(lesionados).leftJoin(tiposDoc, eq(tiposDoc.id, lesionados.id_tipo_doc)).where(eq(lesionados.id, id));
    return row;
  },

  async insert(db: DbOrTx, idCaso: number, values: LesionadoValues): Promise<number> {
    const [row] = await db.insert(lesionados).values({ id_caso: idCaso, ...values }).returning({ id: lesionados.id });
    return row!.id;
  },

  /** A person's save: a new edit version; false when `version` is given and another save came first. */
  async save(db: DbOrTx, id: number, values: Partial<LesionadoValues>, version: number | null | undefined): Promise<boolean> {
    const rows = await db
      .update(lesionados)
      .set({ ...values, version: nextVersion(lesionados.version) })
      .where(and(eq(lesionados.id, id), versionMatches(lesionados.version, version)))
      .returning({ id: lesionados.id });
    return rows.length > 0;
  },

  async casoExists(db: DbOrTx, idCaso: number): Promise<boolean> {
    const [row] = await db.select({ id: casos.id }).from(casos).where(eq(casos.id, idCaso));
    return Boolean(row);
  },

  async tipoDocExists(db: DbOrTx, idTipoDoc: number): Promise<boolean> {
    const [row] = await db.select({ id: tiposDoc.id }).from(tiposDoc).where(eq(tiposDoc.id, idTipoDoc));
    return Boolean(row);
  },
};
