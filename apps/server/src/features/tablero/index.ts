/** The Tablero's public face (docs/decisions/049). */
export { createTableroService, type TableroService } from './tablero.service';
export { tableroRoutes } from './tablero.routes';
