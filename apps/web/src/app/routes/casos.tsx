import { Navigate, useSearchParams } from 'react-router';
import { CasosScreen } from '../../features/casos/components/CasosScreen';

export function Component() {
  const [params] = useSearchParams();
  // Spec §2: a non-empty id_inspect in the query string sends the case list to /inspecciones.
  if (params.get('id_inspect')) return <Navigate to="/inspecciones" replace />;
  return <CasosScreen />;
}
