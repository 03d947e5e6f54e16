export { vistasRoutes } from './vistas.routes';
export { createVistasService, type VistasService } from './vistas.service';
