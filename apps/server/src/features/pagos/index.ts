export { createPagosService, type PagosService } from './pagos.service';
export { pagosRoutes } from './pagos.routes';
