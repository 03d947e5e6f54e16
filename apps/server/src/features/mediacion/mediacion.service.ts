import type { Db } from '../../db/client';
import type { HistorialService } from '../historial/historial.service';

export type MediacionService = ReturnType<typeof createMediacionService>;

// TODO(stub): filled in by the feature's issue.
export function createMediacionService(deps: { db: Db; historial: HistorialService }) {
  void deps;
  return {};
}
