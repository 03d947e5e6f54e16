import { useParams } from 'react-router';
import { NotFound } from '../../components/NotFound';
import { CasoDetalleScreen } from '../../features/caso-detalle/components/CasoDetalleScreen';

export function Component() {
  const idCaso = Number(useParams().id);
  if (!Number.isInteger(idCaso) || idCaso < 1) return <NotFound />;
  // A new case id is a new screen: no form state carries over.
  return <CasoDetalleScreen key={idCaso} idCaso={idCaso} />;
}
