import { AsignacionScreen } from '../../features/asignacion/components/AsignacionScreen';

export function Component() {
  return <AsignacionScreen />;
}
