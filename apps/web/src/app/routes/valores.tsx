import { ValoresScreen } from '../../features/valores/components/ValoresScreen';

export function Component() {
  return <ValoresScreen />;
}
