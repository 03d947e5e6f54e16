import type { Db } from '../../db/client';
import type { HistorialService } from '../historial/historial.service';
import type { Storage } from '../../shared/storage';
import type { CasosService } from '../casos/casos.service';
import type { Config } from '../../config';

export type DocumentacionService = ReturnType<typeof createDocumentacionService>;

// TODO(stub): filled in by the feature's issue.
export function createDocumentacionService(deps: { db: Db; storage: Storage; historial: HistorialService; casos: CasosService; config: Config }) {
  void deps;
  return {};
}
