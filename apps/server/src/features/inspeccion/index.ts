import type { Column, SQL } from 'drizzle-orm';
import { inspeccionRepository } from './inspeccion.repository';

export { createInspeccionService, type InspeccionDocumentos, type InspeccionPersonas, type InspeccionService } from './inspeccion.service';
export { inspeccionRoutes } from './inspeccion.routes';

/** The inspections of a case, oldest first (the last is the current one), as JSON inside the statement that reads the case (`idCaso`: its id column): the case detail's one round trip. */
export const inspeccionesDelCasoJson = (idCaso: Column | SQL) => inspeccionRepository.ofCasoJson(idCaso);

