import type { Column, SQL } from 'drizzle-orm';
import { mediacionRepository } from './mediacion.repository';

export { createMediacionService, type MediacionService } from './mediacion.service';
export { mediacionRoutes } from './mediacion.routes';

/** The hearings of a case in the order they were scheduled, as JSON inside the statement that reads the case (`idCaso`: its id column): the case detail's one round trip. */
export const audienciasDelCasoJson = (idCaso: Column | SQL) => mediacionRepository.ofCasoJson(idCaso);

