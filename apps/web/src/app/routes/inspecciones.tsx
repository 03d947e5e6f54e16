import { MisInspeccionesScreen } from '../../features/inspeccion/components/MisInspeccionesScreen';

export function Component() {
  return <MisInspeccionesScreen />;
}
