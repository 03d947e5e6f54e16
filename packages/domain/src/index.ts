// Bundlers link a side-effect-free barrel's re-exports past it and would drop this import with it:
// package.json's sideEffects lists this file too, so the server's and the web's bundles speak Spanish
// (docs/decisions/027).
import './shared/zod-es';
export * from './shared/fields';
export * from './shared/format';
export * from './shared/en-letras';
export * from './shared/responses';
export * from './auth/auth.constants';
export * from './auth/auth.schemas';
export * from './auth/sessions';
export * from './users/users.schemas';
export * from './audit/audit.constants';
export * from './reference/reference.constants';
export * from './reference/reference.schemas';
export * from './casos/casos.constants';
export * from './casos/casos.schemas';
export * from './historial/historial.schemas';
export * from './documentacion/documentacion.constants';
export * from './documentacion/documentacion.schemas';
export * from './documentacion/convenios';
export * from './letrados/letrados.schemas';
export * from './lesionados/lesionados.schemas';
export * from './mediacion/mediacion.schemas';
export * from './inspecciones/inspecciones.schemas';
export * from './casos/casos.detail';
export * from './casos/casos.lifecycle';
export * from './casos/casos.search';
export * from './casos/casos.form';
export * from './inspecciones/inspecciones.detail';
export * from './valores/valores.schemas';
export * from './health/health.schemas';
export * from './shared/dias-habiles';
export * from './shared/feriados-ar';
export * from './tareas/tareas.schemas';
export * from './plazos/plazos.schemas';
export * from './tablero/tablero.schemas';
export * from './tablero/tablero.filtros';
export * from './notificaciones/notificaciones.schemas';
