import { CrearCasoScreen } from '../../features/casos/components/CrearCasoScreen';

export function Component() {
  return <CrearCasoScreen />;
}
