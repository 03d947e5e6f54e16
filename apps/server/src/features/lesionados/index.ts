export { createLesionadosService, type LesionadosService } from './lesionados.service';
export { lesionadosRoutes } from './lesionados.routes';
/** The case detail's read of this feature's table, a JSON subquery of its one statement (docs/decisions/042). */
export { lesionadosDelCasoJson } from './lesionados.repository';
