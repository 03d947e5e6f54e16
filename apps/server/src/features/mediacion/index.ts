export { createMediacionService, type MediacionService } from './mediacion.service';
export { mediacionRoutes } from './mediacion.routes';
/** The case detail's read of this feature's table, a JSON subquery of its one statement (docs/decisions/042). */
export { audienciasDelCasoJson } from './mediacion.repository';
