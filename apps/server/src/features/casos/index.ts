export { createCasosService, type CasosService } from './casos.service';
export { createGinCleanup } from './casos.gin-cleanup';
export type { XlsxExportOptions } from './casos.export.pool';
export { casosRoutes } from './casos.routes';
export { createCasosLifecycleService, type CasosLifecycleService } from './casos.lifecycle.service';
export { casosLifecycleRoutes } from './casos.lifecycle.routes';
export { casoPersonas } from './casos.personas';
export { createAprobacionesService, type AprobacionAvisos, type AprobacionesService } from './casos.aprobaciones.service';
export { aprobacionesRoutes } from './casos.aprobaciones.routes';
