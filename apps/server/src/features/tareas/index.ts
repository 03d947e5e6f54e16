/** The Diario's public face (docs/decisions/043). */
export { createTareasService, type TareasService, type AudienciaFijada, type InspeccionFijada } from './tareas.service';
export { tareasRoutes } from './tareas.routes';
