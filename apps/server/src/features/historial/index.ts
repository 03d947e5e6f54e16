export { historialRoutes } from './historial.routes';
export { createHistorialService, type HistorialService } from './historial.service';
