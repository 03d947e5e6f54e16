export { documentacionRoutes } from './documentacion.routes';
export { createDocumentacionService, type DocumentacionService } from './documentacion.service';
