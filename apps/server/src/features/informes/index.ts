/** The informe de gestión's public face (issue 46; docs/decisions/093, 094). */
export { createInformesService, type InformesService } from './informes.service';
export { createInformesEnvios, type InformesEnvios } from './informes.envios';
export { informesRoutes } from './informes.routes';
