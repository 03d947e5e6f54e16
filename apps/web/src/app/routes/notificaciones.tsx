import { NotificacionesScreen } from '../../features/notificaciones/components/NotificacionesScreen';

export function Component() {
  return <NotificacionesScreen />;
}
