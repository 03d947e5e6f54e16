import { eq } from 'drizzle-orm';
import { CASO_MESSAGES, type HistorialEntry } from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../shared/errors';
import { casos } from '../../db/tables/casos';
import { historialRepository } from './historial.repository';

export type HistorialService = ReturnType<typeof createHistorialService>;

/**
 * The case's message history (spec §3 Historial). Every feature that changes a case writes its
 * row through `add`, passing its own transaction so the change and its history land together.
 */
export function createHistorialService(db: Db) {
  return {
    add(tx: DbOrTx, idCaso: number, usuario: string, msg: string) {
      return historialRepository.insert(tx, { id_caso: idCaso, usuario, msg });
    },

    async list(idCaso: number): Promise<HistorialEntry[]> {
      return historialRepository.listByCaso(db, idCaso);
    },

    /** POST /historial: a message typed by a person on an existing case. */
    async post(idCaso: number, usuario: string, msg: string): Promise<HistorialEntry> {
      const [caso] = await db.select({ id: casos.id }).from(casos).where(eq(casos.id, idCaso));
      if (!caso) throw notFound(CASO_MESSAGES.notFound);
      return historialRepository.insert(db, { id_caso: idCaso, usuario, msg });
    },
  };
}
