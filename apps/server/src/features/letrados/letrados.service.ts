import type { Db } from '../../db/client';
import type { HistorialService } from '../historial/historial.service';

export type LetradosService = ReturnType<typeof createLetradosService>;

// TODO(stub): filled in by the feature's issue.
export function createLetradosService(deps: { db: Db; historial: HistorialService }) {
  void deps;
  return {};
}
