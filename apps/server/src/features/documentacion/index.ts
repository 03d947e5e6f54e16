export { documentacionRoutes } from './documentacion.routes';
export { createDocumentacionService, type DocumentacionService } from './documentacion.service';
export type { StoredUpload } from './documentacion.service';
// The claimant portal stores what claimants send as documents of the case, under the same lock and naming.
export { documentacionRepository } from './documentacion.repository';
// Resumable uploads check a finished upload's bytes as these uploads are checked (decision 089).
export { checkedContent, fileKindOf, safeContentType } from './documentacion.files';
