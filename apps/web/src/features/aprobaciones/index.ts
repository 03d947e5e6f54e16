/** Authority limits' screens and reads (docs/decisions/081). */
export { AprobacionPendiente } from './components/AprobacionPendiente';
export { LimiteAutorizacion } from './components/LimiteAutorizacion';
export { useAprobacionDelCaso } from './api/get-aprobaciones';
