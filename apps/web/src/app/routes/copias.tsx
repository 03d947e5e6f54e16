import { BackupsScreen } from '../../features/backups/components/BackupsScreen';

export function Component() {
  return <BackupsScreen />;
}
