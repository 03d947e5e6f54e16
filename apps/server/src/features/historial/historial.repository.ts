import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { historial } from '../../db/tables/historial';

const COLUMNS = { id: historial.id, id_caso: historial.id_caso, fecha: historial.fecha, msg: historial.msg, usuario: historial.usuario };

export const historialRepository = {
  async insert(db: DbOrTx, values: { id_caso: number; usuario: string; msg: string }) {
    const [row] = await db.insert(historial).values(values).returning(COLUMNS);
    return row!;
  },

  listByCaso(db: DbOrTx, idCaso: number) {
    return db
      .select(COLUMNS)
      .from(historial)
      .where(eq(historial.id_caso, idCaso))
      .orderBy(desc(historial.id));
  },
};
