export { createPagosService, type PagosService } from './pagos.service';
export { pagosRoutes } from './pagos.routes';
/** The paid and pending amounts of a case, as subqueries of a statement that reads cases (the values report, the export). */
export { pagadoDelCaso, pendienteDelCaso } from './pagos.repository';
