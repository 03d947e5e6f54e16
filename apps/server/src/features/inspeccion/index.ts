export { createInspeccionService, type InspeccionDocumentos, type InspeccionPersonas, type InspeccionService } from './inspeccion.service';
export { inspeccionRoutes } from './inspeccion.routes';
/** The case detail's read of this feature's table, a JSON subquery of its one statement (docs/decisions/042). */
export { inspeccionesDelCasoJson } from './inspeccion.repository';
