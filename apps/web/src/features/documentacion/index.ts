export { useDeleteDocumento } from './api/delete-documento';
export { documentoUrl, todosDocumentosUrl, useDocumentos } from './api/get-documentos';
export { uploadDocuments, uploadErrorMessage, useUploadDocuments, type TypedFile } from './api/upload-documents';
export { UploadDialog } from './components/UploadDialog';
