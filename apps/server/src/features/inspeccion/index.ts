import type { DbOrTx } from '../../db/client';
import { inspeccionRepository } from './inspeccion.repository';

export { createInspeccionService, type InspeccionService } from './inspeccion.service';
export { inspeccionRoutes } from './inspeccion.routes';

/** The inspections of a case, oldest first: the last is the current one (the case detail). */
export const inspeccionesDelCaso = (db: DbOrTx, idCaso: number) => inspeccionRepository.ofCaso(db, idCaso);
