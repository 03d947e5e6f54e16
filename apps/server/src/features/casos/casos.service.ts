import type { Db } from '../../db/client';
import type { ReferenceService } from '../reference';
import { createCasoDetailService } from './casos.detail.service';
import { createCasosEditService, type CasoOwnership } from './casos.edit.service';
import type { HistoryWriter } from './casos.lifecycle.service';
import { createCasosListService } from './casos.list.service';
import { createCasosMasivoService } from './casos.masivo.service';
import type { GinCleanup } from './casos.gin-cleanup';
import type { XlsxExportOptions } from './casos.export.pool';

export type CasosService = ReturnType<typeof createCasosService>;

/** Cases: the list and its export, the detail, and creation and edits, each in its own module. */
export function createCasosService(deps: {
  db: Db;
  historial: HistoryWriter;
  reference: ReferenceService;
  today?: () => string;
  exportWorkers?: XlsxExportOptions;
  textSearches?: { running: number; waiting: number };
  ownership?: CasoOwnership;
  ginCleanup?: GinCleanup;
}) {
  const list = createCasosListService(deps);
  return {
    ...list,
    /** Bulk actions on the list's selection (docs/decisions/097). */
    masivo: createCasosMasivoService({ db: deps.db, exportWhere: list.exportWhere, ginCleanup: deps.ginCleanup }),
    ...createCasoDetailService(deps),
    ...createCasosEditService(deps),
  };
}
