import { AllAudienciasScreen } from '../../features/mediacion/components/AllAudienciasScreen';

export function Component() {
  return <AllAudienciasScreen />;
}
