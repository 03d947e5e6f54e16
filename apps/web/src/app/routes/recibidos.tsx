import { BandejaRecibidosScreen } from '../../features/portal/components/BandejaRecibidosScreen';

export function Component() {
  return <BandejaRecibidosScreen />;
}
