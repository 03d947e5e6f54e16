import { TableroScreen } from '../../features/tablero/components/TableroScreen';

export function Component() {
  return <TableroScreen />;
}
