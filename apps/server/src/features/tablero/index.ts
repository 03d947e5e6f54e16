/** The Tablero's public face (docs/decisions/049). */
export { createTableroService, recontarPlazosTablero, type TableroService } from './tablero.service';
export { tableroRoutes } from './tablero.routes';
