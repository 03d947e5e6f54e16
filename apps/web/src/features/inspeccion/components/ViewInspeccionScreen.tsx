import { useNavigate } from 'react-router';
import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { formatDate, formatPesos, INSPECCION_MESSAGES } from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { useInspeccion } from '../api/get-inspeccion';
import { InspeccionCasoInfo } from './InspeccionCasoInfo';
import { InspeccionResumen } from './InspeccionResumen';
import { ReadOnlyField } from './ReadOnlyField';

const LIST_ROUTE = '/inspecciones/allinspecciones';

/** Spec §2, inspection view: read-only, opened in a new tab from the list, with a close button. */
export function ViewInspeccionScreen({ id }: { id: number }) {
  const view = useInspeccion(id);
  const navigate = useNavigate();

  // A tab the list opened can close itself; a tab the person opened by hand cannot, so go back to the list.
  const closeTab = () => {
    window.close();
    setTimeout(() => {
      if (!window.closed) navigate(LIST_ROUTE);
    }, 100);
  };

  const closeButton = (
    <Group>
      <Button variant="default" leftSection={<IconX size={16} />} onClick={closeTab}>
        Cerrar
      </Button>
    </Group>
  );

  if (view.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!view.data) {
    return (
      <Stack>
        <PageTitle>Inspeccion</PageTitle>
        <Alert color="red">{INSPECCION_MESSAGES.notFound}</Alert>
        {closeButton}
      </Stack>
    );
  }

  const { inspeccion } = view.data;
  return (
    <Stack maw={1100}>
      <Group justify="space-between" align="flex-start">
        <PageTitle>{`Inspeccion ${inspeccion.id} - Caso ${inspeccion.id_caso}`}</PageTitle>
        {closeButton}
      </Group>
      <InspeccionResumen inspeccion={inspeccion}>
        <ReadOnlyField label="Monto de la Inspeccion">{formatPesos(inspeccion.monto_inspeccion)}</ReadOnlyField>
        <ReadOnlyField label="Fecha de Cierre">{formatDate(inspeccion.fecha_cierre)}</ReadOnlyField>
        <ReadOnlyField label="Resultado de la inspeccion" span>
          {inspeccion.resultado ?? INSPECCION_MESSAGES.noResult}
        </ReadOnlyField>
      </InspeccionResumen>
      <InspeccionCasoInfo detalle={view.data} />
      {closeButton}
    </Stack>
  );
}
