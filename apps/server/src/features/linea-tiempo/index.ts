export { lineaTiempoRoutes } from './linea-tiempo.routes';
export { createLineaTiempoService, type LineaTiempoService } from './linea-tiempo.service';
