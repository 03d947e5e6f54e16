import { AprobacionesScreen } from '../../features/aprobaciones/components/AprobacionesScreen';

export function Component() {
  return <AprobacionesScreen />;
}
