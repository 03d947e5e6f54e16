import type { Column, SQL } from 'drizzle-orm';
import { letradosRepository } from './letrados.repository';

export { createLetradosService, type LetradosService } from './letrados.service';
export { letradosRoutes } from './letrados.routes';

/** The case's lawyer (or null) as JSON inside the statement that reads the case (`idCaso`: its id column): the case detail's one round trip. */
export const letradoDelCasoJson = (idCaso: Column | SQL) => letradosRepository.ofCasoJson(idCaso);

