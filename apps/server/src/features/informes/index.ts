/** The informe de gestión's public face (issue 46; docs/decisions/093, 094). */
export { createInformesService, type InformesService } from './informes.service';
export { informesRoutes } from './informes.routes';
