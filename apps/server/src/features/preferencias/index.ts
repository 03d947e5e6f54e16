/** Each user's look of the app (issue 44 item 6, docs/decisions/101). */
export { createPreferenciasService, type PreferenciasService } from './preferencias.service';
export { preferenciasRoutes } from './preferencias.routes';
