/** Plazos legales' public face (docs/decisions/044). */
export { createPlazosService, type PlazosService } from './plazos.service';
export { plazosRoutes } from './plazos.routes';
