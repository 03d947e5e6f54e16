import { eq } from 'drizzle-orm';
import { CASO_MESSAGES, encodeLineaCursor, LINEA_TIPOS, type LineaQuery, type LineaResponse } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { casos } from '../../db/tables/casos';
import { notFound } from '../../shared/errors';
import { lineaTiempoRepository } from './linea-tiempo.repository';

export type LineaTiempoService = ReturnType<typeof createLineaTiempoService>;

/** The case's Línea de tiempo (issue 44 item 3, docs/decisions/098). */
export function createLineaTiempoService(db: Db) {
  return {
    async page(idCaso: number, query: LineaQuery): Promise<LineaResponse> {
      const [caso] = await db.select({ id: casos.id }).from(casos).where(eq(casos.id, idCaso));
      if (!caso) throw notFound(CASO_MESSAGES.notFound);
      // One more than the page: whether an older page exists, without counting.
      const rows = await lineaTiempoRepository.page(db, idCaso, query.tipos, query.cursor, query.limite + 1);
      const items = rows.slice(0, query.limite);
      const last = items.at(-1);
      return {
        items: items.map((row) => ({
          tipo: row.tipo,
          id: row.id,
          fecha: row.fecha,
          solo_fecha: row.solo_fecha,
          usuario: row.usuario,
          texto: row.texto,
          cambios: Object.entries(row.cambios ?? {}).map(([campo, [antes, despues]]) => ({ campo, antes, despues })),
        })),
        siguiente: rows.length > query.limite && last ? encodeLineaCursor({ t: last.t, k: LINEA_TIPOS.indexOf(last.tipo), id: last.id }) : null,
      };
    },
  };
}
