import type { Db } from '../../db/client';
import type { HistorialService } from '../historial/historial.service';

export type LesionadosService = ReturnType<typeof createLesionadosService>;

// TODO(stub): filled in by the feature's issue.
export function createLesionadosService(deps: { db: Db; historial: HistorialService }) {
  void deps;
  return {};
}
