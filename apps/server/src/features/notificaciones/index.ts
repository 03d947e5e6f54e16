/** Notifications' public face (docs/decisions/050). */
export { createNotificacionesService, generarAvisos, horaArgentina, type NotificacionesService } from './notificaciones.service';
export { notificacionesRoutes } from './notificaciones.routes';
export { createMailer, type Mailer } from './notificaciones.correo';
