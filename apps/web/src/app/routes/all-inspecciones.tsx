import { AllInspeccionesScreen } from '../../features/inspeccion/components/AllInspeccionesScreen';

export function Component() {
  return <AllInspeccionesScreen />;
}
