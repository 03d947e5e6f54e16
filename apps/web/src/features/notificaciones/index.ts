export { NotificacionesBell } from './components/NotificacionesBell';
