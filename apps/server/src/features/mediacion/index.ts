import type { DbOrTx } from '../../db/client';
import { mediacionRepository } from './mediacion.repository';

export { createMediacionService, type MediacionService } from './mediacion.service';
export { mediacionRoutes } from './mediacion.routes';

/** The hearings of a case in the order they were scheduled (the case detail). */
export const audienciasDelCaso = (db: DbOrTx, idCaso: number) => mediacionRepository.ofCaso(db, idCaso);
