import type { Db } from '../../db/client';
import type { HistorialService } from '../historial/historial.service';
import type { DocumentacionService } from '../documentacion/documentacion.service';

export type InspeccionService = ReturnType<typeof createInspeccionService>;

// TODO(stub): filled in by the feature's issue.
export function createInspeccionService(deps: { db: Db; historial: HistorialService; documentacion: DocumentacionService }) {
  void deps;
  return {};
}
