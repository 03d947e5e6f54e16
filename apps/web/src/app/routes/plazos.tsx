import { PlazosScreen } from '../../features/plazos/components/PlazosScreen';

export function Component() {
  return <PlazosScreen />;
}
