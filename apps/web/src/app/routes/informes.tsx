import { InformesScreen } from '../../features/informes/components/InformesScreen';

export function Component() {
  return <InformesScreen />;
}
