import { useParams } from 'react-router';
import { ViewInspeccionScreen } from '../../features/inspeccion/components/ViewInspeccionScreen';

export function Component() {
  const { id } = useParams();
  return <ViewInspeccionScreen id={Number(id)} />;
}
