import type { Column, SQL } from 'drizzle-orm';
import { lesionadosRepository } from './lesionados.repository';

export { createLesionadosService, type LesionadosService } from './lesionados.service';
export { lesionadosRoutes } from './lesionados.routes';

/** The injured people of a case, in the order they were added, as JSON inside the statement that reads the case (`idCaso`: its id column): the case detail's one round trip. */
export const lesionadosDelCasoJson = (idCaso: Column | SQL) => lesionadosRepository.ofCasoJson(idCaso);

