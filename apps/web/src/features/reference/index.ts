export { analistaName, useAnalistasAbm } from './api/analistas-abm';
// The inspection's photo checklist: the close screen lists its active items (docs/decisions/087).
export { useFotoChecklist } from './api/foto-checklist';
