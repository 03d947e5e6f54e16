import { useParams } from 'react-router';
import { NotFound } from '../../components/NotFound';
import { CasoDetalleScreen } from '../../features/caso-detalle/components/CasoDetalleScreen';
import { CasoPlazos } from '../../features/plazos/components/CasoPlazos';
import { PortalPanel } from '../../features/portal/components/PortalPanel';
import { CasoTareas } from '../../features/tareas/components/CasoTareas';

export function Component() {
  const idCaso = Number(useParams().id);
  if (!Number.isInteger(idCaso) || idCaso < 1) return <NotFound />;
  // A new case id is a new screen: no form state carries over.
  // The case's legal clocks and open tasks sit beside its documents (issue 18), and the claimant portal's checklists (issue 42).
  return (
    <CasoDetalleScreen
      key={idCaso}
      idCaso={idCaso}
      aside={
        <>
          <PortalPanel idCaso={idCaso} />
          <CasoPlazos idCaso={idCaso} />
          <CasoTareas idCaso={idCaso} />
        </>
      }
    />
  );
}
