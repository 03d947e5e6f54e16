import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ADVISORY_LOCK } from '../../db/locks';
import { subidas } from '../../db/tables/subidas';

export type SubidaRow = typeof subidas.$inferSelect;
export type NuevaSubida = Pick<SubidaRow, 'id' | 'id_usuario' | 'proposito' | 'id_objeto' | 'nombre' | 'longitud'>;

/** The only file that queries `subidas` (docs/decisions/089). */
export const subidasRepository = {
  /** One creation per user at a time: the caps are counted and the row written under it. */
  async lockUsuario(tx: DbOrTx, idUsuario: number) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCK.SUBIDAS}, ${idUsuario})`);
  },

  /** The user's unfinished uploads: how many, and the bytes they announced. */
  async pendientes(tx: DbOrTx, idUsuario: number): Promise<{ cantidad: number; bytes: number }> {
    const [row] = await tx
      .select({ cantidad: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${subidas.longitud}), 0)::float8` })
      .from(subidas)
      .where(and(eq(subidas.id_usuario, idUsuario), isNull(subidas.terminada)));
    return { cantidad: Number(row?.cantidad ?? 0), bytes: Number(row?.bytes ?? 0) };
  },

  async insert(tx: DbOrTx, row: NuevaSubida) {
    await tx.insert(subidas).values(row);
  },

  async find(db: DbOrTx, id: string): Promise<SubidaRow | undefined> {
    const [row] = await db.select().from(subidas).where(eq(subidas.id, id));
    return row;
  },

  /** What the store holds after a write; finished once every byte is there. */
  async progreso(db: DbOrTx, id: string, recibidos: number) {
    await db
      .update(subidas)
      .set({
        recibidos,
        actualizada: sql`now()`,
        terminada: sql`CASE WHEN ${recibidos} >= ${subidas.longitud} THEN coalesce(${subidas.terminada}, now()) END`,
      })
      .where(eq(subidas.id, id));
  },

  /** Marks the uploads taken, in the consumer's transaction: how many were still free. */
  async marcarUsadas(tx: DbOrTx, ids: readonly string[], idUsuario: number): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await tx
      .update(subidas)
      .set({ usada: sql`now()` })
      .where(and(inArray(subidas.id, [...ids]), eq(subidas.id_usuario, idUsuario), isNull(subidas.usada)))
      .returning({ id: subidas.id });
    return rows.length;
  },

  async delete(db: DbOrTx, id: string) {
    await db.delete(subidas).where(eq(subidas.id, id));
  },

  /** Unfinished past `sinTerminarAntes`, finished but untaken past `terminadaAntes`, and taken ones left over. */
  async vencidas(db: DbOrTx, sinTerminarAntes: string, terminadaAntes: string, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: subidas.id })
      .from(subidas)
      .where(
        or(
          and(isNull(subidas.terminada), lt(subidas.creada, sinTerminarAntes)),
          and(isNull(subidas.usada), lt(subidas.terminada, terminadaAntes)),
          lt(subidas.usada, sinTerminarAntes),
        ),
      )
      .limit(limit);
    return rows.map((row) => row.id);
  },
};
