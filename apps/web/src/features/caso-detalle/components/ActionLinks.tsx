import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { CASO_MESSAGES, CICLO_MESSAGES, canClose, canReinspect, canReopen, ROL, type CasoDetalle } from '@siniestros/domain';
import { AuditoriaDialog } from '../../audit';
import { useSession } from '../../../lib/session';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { informeUrl } from '../api/get-informe';
import { useReinspectCaso } from '../api/reinspect-caso';
import { useReopenCaso } from '../api/reopen-caso';
import { CierreDialog } from './CierreDialog';
import { LetradoDialog } from './LetradoDialog';
import { confirmAction } from '../../../lib/confirm';
import { NewTabHint } from '../../../components/NewTab';
import { useAccionesDePaleta, type AccionPaleta } from '../../../lib/acciones-paleta';

/** Green when the case already has some, blue otherwise (spec §2). */
const colorFor = (hasSome: boolean) => (hasSome ? 'green' : 'blue');

/** Spec §2 case detail: the top action links. */
export function ActionLinks({ detalle }: { detalle: CasoDetalle }) {
  const { caso } = detalle;
  const [dialog, setDialog] = useState<'letrado' | 'cierre' | 'auditoria' | null>(null);
  const isAdmin = useSession().data?.rol === ROL.ADMIN;
  const reinspect = useReinspectCaso(caso.id);
  const reopen = useReopenCaso(caso.id);
  const navigate = useNavigate();

  const onReinspect = () =>
    confirmAction(CICLO_MESSAGES.confirmReinspect, () =>
      reinspect.mutate(caso.id_estado, {
        onSuccess: (response) => notifySuccess(response.message || CICLO_MESSAGES.reinspected),
        onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
      }),
    );

  const onReopen = () =>
    confirmAction(CICLO_MESSAGES.confirmReopen, () =>
      reopen.mutate(caso.id_estado, {
        onSuccess: (response) => notifySuccess(response.message || CICLO_MESSAGES.reopened),
        onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
      }),
    );

  // The same actions in the command palette while the case is open (docs/decisions/100), through these handlers.
  const acciones: (AccionPaleta | false)[] = [
    { id: 'letrado', label: 'Letrado del caso', palabras: '+ letrado abogado agregar', run: () => setDialog('letrado') },
    { id: 'lesionado', label: 'Agregar lesionado', palabras: '+ lesionado', run: () => navigate(`/lesionados/${caso.id}`) },
    { id: 'audiencia', label: 'Agregar audiencia', palabras: '+ audiencia', run: () => navigate(`/audiencias/${caso.id}`) },
    { id: 'informe', label: 'Descargar informe del caso', palabras: 'pdf', run: () => window.open(informeUrl(caso.id), '_blank', 'noopener') },
    canReinspect(caso.id_estado) && { id: 'reinspeccionar', label: 'Reinspeccionar caso', palabras: 'inspeccion', run: onReinspect },
    canReopen(caso.id_estado) && { id: 'reabrir', label: 'Reabrir caso', run: onReopen },
    canClose(caso.id_estado) && { id: 'cierre', label: 'Cierre del caso', palabras: 'cerrar', run: () => setDialog('cierre') },
    isAdmin && { id: 'auditoria', label: 'Auditoría del caso', palabras: 'cambios auditoria', run: () => setDialog('auditoria') },
  ];
  useAccionesDePaleta(acciones.filter((accion) => accion !== false));

  return (
    <Group gap="xs" role="group" aria-label="Acciones del caso">
      <Button size="xs" color={colorFor(Boolean(detalle.letrado))} onClick={() => setDialog('letrado')}>
        + Letrado
      </Button>
      <Button size="xs" color={colorFor(detalle.lesionados.length > 0)} component={Link} to={`/lesionados/${caso.id}`}>
        + Lesionado
      </Button>
      <Button size="xs" color={colorFor(detalle.audiencias.length > 0)} component={Link} to={`/audiencias/${caso.id}`}>
        + Audiencia
      </Button>
      <Button size="xs" variant="light" component="a" href={informeUrl(caso.id)} target="_blank" rel="noopener">
        Informe
        <NewTabHint />
      </Button>
      {canReinspect(caso.id_estado) && (
        <Button size="xs" variant="light" color="orange" onClick={onReinspect} loading={reinspect.isPending}>
          Reinspeccionar Caso
        </Button>
      )}
      {canReopen(caso.id_estado) && (
        <Button size="xs" variant="light" color="teal" onClick={onReopen} loading={reopen.isPending}>
          Reabrir Caso
        </Button>
      )}
      {canClose(caso.id_estado) && (
        <Button size="xs" variant="light" color="red" onClick={() => setDialog('cierre')}>
          Cierre Caso
        </Button>
      )}
      {isAdmin && (
        <Button size="xs" variant="light" color="gray" onClick={() => setDialog('auditoria')}>
          Auditoría
        </Button>
      )}
      {dialog === 'auditoria' && <AuditoriaDialog idCaso={caso.id} opened onClose={() => setDialog(null)} />}
      {dialog === 'letrado' && <LetradoDialog idCaso={caso.id} letrado={detalle.letrado} opened onClose={() => setDialog(null)} />}
      {dialog === 'cierre' && <CierreDialog idCaso={caso.id} onClose={() => setDialog(null)} />}
    </Group>
  );
}
