import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/tables/users';
import { ajustesVistas, vistasCasos, vistasPredeterminadas } from '../../db/tables/vistas';

/** Saved views of the case list (docs/decisions/096). */
export const vistasRepository = {
  /** The user's own views and the team's shared ones, own first, each by name; which one is the user's default. */
  visibles(db: DbOrTx, idUsuario: number) {
    return db
      .select({
        id: vistasCasos.id,
        nombre: vistasCasos.nombre,
        compartida: vistasCasos.compartida,
        filtro: vistasCasos.filtro,
        propia: sql<boolean>`${vistasCasos.id_usuario} = ${idUsuario}`,
        autor: sql<string>`${users.apellido} || ' ' || ${users.nombre}`,
        predeterminada: sql<boolean>`${vistasPredeterminadas.id_vista} is not null`,
      })
      .from(vistasCasos)
      .innerJoin(users, eq(users.id, vistasCasos.id_usuario))
      .leftJoin(
        vistasPredeterminadas,
        and(eq(vistasPredeterminadas.id_vista, vistasCasos.id), eq(vistasPredeterminadas.id_usuario, idUsuario)),
      )
      .where(or(eq(vistasCasos.id_usuario, idUsuario), eq(vistasCasos.compartida, true)))
      .orderBy(sql`${vistasCasos.id_usuario} <> ${idUsuario}`, asc(sql`lower(${vistasCasos.nombre})`), asc(vistasCasos.id));
  },

  async vista(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ id: vistasCasos.id, id_usuario: vistasCasos.id_usuario, compartida: vistasCasos.compartida, nombre: vistasCasos.nombre })
      .from(vistasCasos)
      .where(eq(vistasCasos.id, id));
    return row;
  },

  /** Locks the user's row: two saves of one user count their views one after the other. */
  async lockUsuario(db: DbOrTx, idUsuario: number) {
    await db.select({ id: users.id }).from(users).where(eq(users.id, idUsuario)).for('update');
  },

  async cuantas(db: DbOrTx, idUsuario: number) {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(vistasCasos)
      .where(eq(vistasCasos.id_usuario, idUsuario));
    return row?.total ?? 0;
  },

  async insert(db: DbOrTx, values: typeof vistasCasos.$inferInsert) {
    const [row] = await db.insert(vistasCasos).values(values).returning({ id: vistasCasos.id });
    return row!.id;
  },

  async update(db: DbOrTx, id: number, values: Partial<Pick<typeof vistasCasos.$inferInsert, 'nombre' | 'compartida'>>) {
    await db.update(vistasCasos).set(values).where(eq(vistasCasos.id, id));
  },

  async delete(db: DbOrTx, id: number) {
    await db.delete(vistasCasos).where(eq(vistasCasos.id, id));
  },

  /** A view no longer shared stops being the default of anyone but its author. */
  async quitarPredeterminadaAjena(db: DbOrTx, id: number, idAutor: number) {
    await db
      .delete(vistasPredeterminadas)
      .where(and(eq(vistasPredeterminadas.id_vista, id), ne(vistasPredeterminadas.id_usuario, idAutor)));
  },

  async setPredeterminada(db: DbOrTx, idUsuario: number, idVista: number | null) {
    if (idVista === null) {
      await db.delete(vistasPredeterminadas).where(eq(vistasPredeterminadas.id_usuario, idUsuario));
      return;
    }
    await db
      .insert(vistasPredeterminadas)
      .values({ id_usuario: idUsuario, id_vista: idVista })
      .onConflictDoUpdate({ target: vistasPredeterminadas.id_usuario, set: { id_vista: idVista } });
  },

  async compartir(db: DbOrTx) {
    const [row] = await db.select({ compartir: ajustesVistas.compartir }).from(ajustesVistas).where(eq(ajustesVistas.id, 1));
    return row?.compartir ?? 'admin';
  },

  async setCompartir(db: DbOrTx, compartir: string) {
    await db.update(ajustesVistas).set({ compartir }).where(eq(ajustesVistas.id, 1));
  },
};
