import { useParams } from 'react-router';
import { AudienciasScreen } from '../../features/mediacion/components/AudienciasScreen';

export function Component() {
  const { id } = useParams();
  return <AudienciasScreen idCaso={Number(id)} />;
}
