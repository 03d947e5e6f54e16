import { FotoChecklistScreen } from '../../features/reference/components/FotoChecklistScreen';

export function Component() {
  return <FotoChecklistScreen />;
}
