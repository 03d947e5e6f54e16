export { asignacionRoutes } from './asignacion.routes';
export { createAsignacionService, type AsignacionService } from './asignacion.service';
