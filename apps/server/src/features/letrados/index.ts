export { createLetradosService, type LetradosService } from './letrados.service';
export { letradosRoutes } from './letrados.routes';
/** The case detail's read of this feature's table, a JSON subquery of its one statement (docs/decisions/042). */
export { letradoDelCasoJson } from './letrados.repository';
