import { useParams } from 'react-router';
import { LesionadosScreen } from '../../features/lesionados/components/LesionadosScreen';

export function Component() {
  const { id } = useParams();
  return <LesionadosScreen idCaso={Number(id)} />;
}
