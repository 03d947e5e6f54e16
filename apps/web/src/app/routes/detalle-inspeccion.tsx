import { useParams } from 'react-router';
import { DetalleInspeccionScreen } from '../../features/inspeccion/components/DetalleInspeccionScreen';

export function Component() {
  const { id } = useParams();
  return <DetalleInspeccionScreen id={Number(id)} />;
}
