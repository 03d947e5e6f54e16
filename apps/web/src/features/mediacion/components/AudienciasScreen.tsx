import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Group, Stack } from '@mantine/core';
import { AUDIENCIA_MESSAGES, type Audiencia } from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { useAudienciasCaso } from '../api/get-audiencias-caso';
import { AudienciaDialog } from './AudienciaDialog';
import { AudienciasTable } from './AudienciasTable';

type Dialog = { mode: 'create' } | { mode: 'edit'; audiencia: Audiencia } | null;

/** Spec §2, hearings of case {id}. */
export function AudienciasScreen({ idCaso }: { idCaso: number }) {
  const audiencias = useAudienciasCaso(idCaso);
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <Stack>
      <PageTitle>{`Audiencias del Caso ${idCaso}`}</PageTitle>
      <Group>
        <Button onClick={() => setDialog({ mode: 'create' })}>Nueva Audiencia</Button>
        <Button variant="default" component={Link} to={`/casos/detalleCaso/${idCaso}`}>
          Volver
        </Button>
      </Group>
      <AudienciasTable
        rows={audiencias.data ?? []}
        empty={audiencias.isSuccess ? AUDIENCIA_MESSAGES.empty : null}
        onEdit={(audiencia) => setDialog({ mode: 'edit', audiencia })}
      />
      {dialog && (
        <AudienciaDialog
          idCaso={idCaso}
          audiencia={dialog.mode === 'edit' ? dialog.audiencia : undefined}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
