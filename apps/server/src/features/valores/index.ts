export { valoresRoutes } from './valores.routes';
export { createValoresService, type ValoresService } from './valores.service';
