import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nextVersion } from '../../db/edit-version';
import { estados, responsabilidades } from '../../db/tables/reference';
import { inspecciones } from '../../db/tables/inspeccion';
import { casos } from '../../db/tables/casos';

export type CasoEstado = {
  id: number;
  id_estado: number;
  id_estado_previo: number | null;
  valor_ofertado: string | null;
  valor_acordado: string | null;
  version: number;
};

export const casosLifecycleRepository = {
  /** Reads the case's status and locks its row until the transaction ends (no double transitions). */
  async lockEstado(tx: DbOrTx, id: number): Promise<CasoEstado | undefined> {
    const [row] = await tx
      .select({
        id: casos.id,
        id_estado: casos.id_estado,
        id_estado_previo: casos.id_estado_previo,
        valor_ofertado: casos.valor_ofertado,
        valor_acordado: casos.valor_acordado,
        version: casos.version,
      })
      .from(casos)
      .where(eq(casos.id, id))
      .for('update');
    return row;
  },

  async update(tx: DbOrTx, id: number, values: Partial<typeof casos.$inferInsert>) {
    await tx.update(casos).set(values).where(eq(casos.id, id));
  },

  /** Writes the agreed amount, a value the case form sends back: a new edit version, so a form read before it is stale (decision 074). */
  async setValorAcordado(tx: DbOrTx, id: number, valorAcordado: string) {
    await tx
      .update(casos)
      .set({ valor_acordado: valorAcordado, version: nextVersion(casos.version) })
      .where(eq(casos.id, id));
  },

  /** A change a person's open form must not overwrite unseen (an approved offer): a new edit version (decision 074). */
  async bumpVersion(tx: DbOrTx, id: number) {
    await tx
      .update(casos)
      .set({ version: nextVersion(casos.version) })
      .where(eq(casos.id, id));
  },

  async estadoNombre(tx: DbOrTx, idEstado: number): Promise<string> {
    const [row] = await tx.select({ nombre: estados.nombre }).from(estados).where(eq(estados.id, idEstado));
    return row?.nombre ?? String(idEstado);
  },

  async responsabilidadExists(tx: DbOrTx, id: number): Promise<boolean> {
    const [row] = await tx.select({ id: responsabilidades.id }).from(responsabilidades).where(eq(responsabilidades.id, id));
    return Boolean(row);
  },

  async countInspecciones(tx: DbOrTx, idCaso: number, onlyPending = false): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(inspecciones)
      .where(
        onlyPending
          ? and(eq(inspecciones.id_caso, idCaso), inArray(inspecciones.estado, ['Coordinada', 'Licitando']))
          : eq(inspecciones.id_caso, idCaso),
      );
    return row?.n ?? 0;
  },
};
