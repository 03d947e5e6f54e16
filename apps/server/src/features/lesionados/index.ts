import type { DbOrTx } from '../../db/client';
import { lesionadosRepository } from './lesionados.repository';

export { createLesionadosService, type LesionadosService } from './lesionados.service';
export { lesionadosRoutes } from './lesionados.routes';

/** The injured people of a case, in the order they were added (the case detail). */
export const lesionadosDelCaso = (db: DbOrTx, idCaso: number) => lesionadosRepository.listByCaso(db, idCaso);
