import { MisTareasScreen } from '../../features/tareas/components/MisTareasScreen';

export function Component() {
  return <MisTareasScreen />;
}
