import type { Db } from '../../db/client';
import type { HistorialService } from '../historial/historial.service';

export type CasosService = ReturnType<typeof createCasosService>;

// TODO(stub): filled in by the feature's issue.
export function createCasosService(deps: { db: Db; historial: HistorialService }) {
  void deps;
  return {};
}
