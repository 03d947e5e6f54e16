import { eq, getTableName, type Table } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { filaContadores } from './tables/contadores';

/** Rows of a whole table that keeps a trigger counter (drizzle/0007): inspecciones, audiencias. */
export async function totalRows(db: DbOrTx, table: Table): Promise<number> {
  const [row] = await db.select({ total: filaContadores.total }).from(filaContadores).where(eq(filaContadores.tabla, getTableName(table)));
  if (!row) throw new Error(`No row counter for ${getTableName(table)}`);
  return row.total;
}
