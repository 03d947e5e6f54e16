import { asc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Lesionado } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { jsonRows } from '../../db/json';
import { casos } from '../../db/tables/casos';
import { tiposDoc } from '../../db/tables/reference';
import { lesionados } from '../../db/tables/lesionados';

const COLUMNS = {
  id: lesionados.id,
  id_caso: lesionados.idCaso,
  apellido: lesionados.apellido,
  nombre: lesionados.nombre,
  id_tipo_doc: lesionados.idTipoDoc,
  nro_doc: lesionados.nroDoc,
  tipo_doc: tiposDoc.nombre,
};

export type LesionadoValues = { apellido: string; nombre: string; idTipoDoc: number; nroDoc: string };

export const lesionadosRepository = {
  /** listByCaso as a JSON array: a subquery for a statement that reads the case (the detail's one round trip). */
  ofCasoJson: (idCaso: Column | SQL) =>
    jsonRows<Lesionado>(COLUMNS, sql`from ${lesionados} left join ${tiposDoc} on ${tiposDoc.id} = ${lesionados.idTipoDoc} where ${lesionados.idCaso} = ${idCaso}`, ['id']),

  listByCaso(db: DbOrTx, idCaso: number): Promise<Lesionado[]> {
    return db
      .select(COLUMNS)
      .from(lesionados)
      .leftJoin(tiposDoc, eq(tiposDoc.id, lesionados.idTipoDoc))
      .where(eq(lesionados.idCaso, idCaso))
      .orderBy(asc(lesionados.id));
  },

  async findById(db: DbOrTx, id: number): Promise<Lesionado | undefined> {
    const [row] = await db.select(COLUMNS).from(lesionados).leftJoin(tiposDoc, eq(tiposDoc.id, lesionados.idTipoDoc)).where(eq(lesionados.id, id));
    return row;
  },

  async insert(db: DbOrTx, idCaso: number, values: LesionadoValues): Promise<number> {
    const [row] = await db.insert(lesionados).values({ idCaso, ...values }).returning({ id: lesionados.id });
    return row!.id;
  },

  async update(db: DbOrTx, id: number, values: LesionadoValues): Promise<void> {
    await db.update(lesionados).set(values).where(eq(lesionados.id, id));
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
