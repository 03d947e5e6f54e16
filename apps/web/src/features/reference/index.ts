export { analistaName, useAnalistasAbm } from './api/analistas-abm';
