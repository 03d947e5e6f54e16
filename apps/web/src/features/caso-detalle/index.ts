export { useCaso } from './api/get-caso';
export { useAdvanceCaso } from './api/advance-caso';
export { downloadDocumento, fetchDocumento } from './api/download-documento';
export { ConveniosDialog } from './components/ConveniosDialog';
