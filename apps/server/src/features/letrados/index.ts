import type { DbOrTx } from '../../db/client';
import { letradosRepository } from './letrados.repository';

export { createLetradosService, type LetradosService } from './letrados.service';
export { letradosRoutes } from './letrados.routes';

/** The case's lawyer, or null (the case detail). */
export const letradoDelCaso = async (db: DbOrTx, idCaso: number) => (await letradosRepository.findByCaso(db, idCaso)) ?? null;
