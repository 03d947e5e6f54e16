import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Letrado } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { jsonRow } from '../../db/json';
import { casos } from '../../db/tables/casos';
import { letrados } from '../../db/tables/letrados';

export type LetradoValues = Omit<typeof letrados.$inferInsert, 'id' | 'id_caso'>;

const COLUMNS = {
  id: letrados.id,
  id_caso: letrados.id_caso,
  apellido: letrados.apellido,
  nombre: letrados.nombre,
  fijo: letrados.fijo,
  cel: letrados.cel,
  mail: letrados.mail,
  cuit: letrados.cuit,
  cbu: letrados.cbu,
};

/** The case's lawyer as JSON, or null: a subquery for a statement that reads the case (the detail's one round trip). */
export const letradoDelCasoJson = (idCaso: Column | SQL) => jsonRow<Letrado>(COLUMNS, sql`from ${letrados} where ${letrados.id_caso} = ${idCaso}`);

export const letradosRepository = {
  /** Locks the case row: two dialogs saving at once must not both create the case's lawyer. */
  async lockCaso(tx: DbOrTx, idCaso: number): Promise<boolean> {
    const [row] = await tx.select({ id: casos.id }).from(casos).where(eq(casos.id, idCaso)).for('no key update');
    return Boolean(row);
  },

  async findByCaso(db: DbOrTx, idCaso: number): Promise<Letrado | undefined> {
    const [row] = await db.select(COLUMNS).from(letrados).where(eq(letrados.id_caso, idCaso));
    return row;
  },

  async findById(db: DbOrTx, id: number): Promise<Letrado | undefined> {
    const [row] = await db.select(COLUMNS).from(letrados).where(eq(letrados.id, id));
    return row;
  },

  async insert(tx: DbOrTx, idCaso: number, values: LetradoValues): Promise<Letrado> {
    const [row] = await tx.insert(letrados).values({ id_caso: idCaso, ...values }).returning(COLUMNS);
    return row!;
  },

  async update(tx: DbOrTx, id: number, values: LetradoValues): Promise<Letrado> {
    const [row] = await tx.update(letrados).set(values).where(eq(letrados.id, id)).returning(COLUMNS);
    return row!;
  },

  async setCasoLetrado(tx: DbOrTx, idCaso: number, idLetrado: number) {
    await tx.update(casos).set({ id_letrado: idLetrado }).where(eq(casos.id, idCaso));
  },
};
