export { documentacionRoutes } from './documentacion.routes';
export { createDocumentacionService, type DocumentacionService, type StoredUpload } from './documentacion.service';
