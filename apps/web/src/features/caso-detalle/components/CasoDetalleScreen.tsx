import { useState, type ReactNode } from 'react';
import { Alert, Center, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { CASO_MESSAGES, formatDate, LINEA_MESSAGES, type CasoDetalle } from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { useAccionesDePaleta } from '../../../lib/acciones-paleta';
import { useCaso } from '../api/get-caso';
import { useCasoForm } from '../hooks/use-caso-form';
import { ActionLinks } from './ActionLinks';
import { CasoForm } from './CasoForm';
import { DocumentosPanel } from './DocumentosPanel';
import { EstadoPanel } from './EstadoPanel';
import { FlagBar } from './FlagBar';
import { HistorialButton } from './HistorialButton';
import { LineaDeTiempo } from './LineaDeTiempo';
import { HistorialDialog } from '../../historial';

/** Spec §2, case detail (/casos/detalleCaso/{id}) with the whole life cycle of spec §4. */
export function CasoDetalleScreen({ idCaso, aside }: { idCaso: number; aside?: ReactNode }) {
  const caso = useCaso(idCaso);
  if (caso.isPending) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader />
          <Text>Cargando...</Text>
        </Stack>
      </Center>
    );
  }
  if (caso.data === undefined) {
    return (
      <Alert color="red" title={`Caso ${idCaso}`}>
        {caso.error?.message || CASO_MESSAGES.loadError}
      </Alert>
    );
  }
  // A failed re-read keeps the case on screen, with what the person was typing (the same tree
  // either way, so the form is not remounted), under a notice.
  return (
    <>
      {caso.isError && (
        <Alert color="yellow" mb="md">
          {caso.error.message || CASO_MESSAGES.loadError}
        </Alert>
      )}
      <Detalle detalle={caso.data} aside={aside} />
    </>
  );
}

/** `aside`: what other features show beside the documents (composed by the route). */
function Detalle({ detalle, aside }: { detalle: CasoDetalle; aside?: ReactNode }) {
  const { caso } = detalle;
  const form = useCasoForm(detalle);
  const [isHistorialOpen, setHistorialOpen] = useState(false);
  // The command palette's actions on the open case (docs/decisions/100).
  useAccionesDePaleta([
    { id: 'historial', label: 'Agregar mensaje al historial', palabras: 'ver historial caso', run: () => setHistorialOpen(true) },
    // The analyst is a field of the case's form: the palette takes the person to it (saved with the case, as always).
    { id: 'analista', label: 'Cambiar analista', palabras: 'asignar analista', run: () => form.getInputNode('caso.id_analista')?.focus() },
    {
      id: 'linea-de-tiempo',
      label: `Ir a la ${LINEA_MESSAGES.title.toLowerCase()}`,
      palabras: 'eventos caso',
      run: () => document.querySelector<HTMLElement>(`section[aria-label="${LINEA_MESSAGES.title}"]`)?.scrollIntoView({ block: 'start' }),
    },
  ]);
  return (
    <>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <PageTitle>{`Caso ${caso.id}`}</PageTitle>
          <Text size="sm" c="dimmed">
            Alta {formatDate(caso.fecha_creado)} · {caso.usuario}
          </Text>
        </Group>
        <ActionLinks detalle={detalle} />
        <FlagBar caso={caso} />
        <EstadoPanel detalle={detalle} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 2, lg: 1 }}>
            <CasoForm form={form} detalle={detalle} barStart={<HistorialButton onOpen={() => setHistorialOpen(true)} />} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: 1, lg: 2 }}>
            <Stack gap="md">
              <DocumentosPanel idCaso={caso.id} idEstado={caso.id_estado} form={form} />
              {aside}
            </Stack>
          </Grid.Col>
        </Grid>
        <LineaDeTiempo idCaso={caso.id} onVerHistorial={() => setHistorialOpen(true)} />
      </Stack>
      {/* Outside the case's form: the dialog's own form must not submit it. */}
      <HistorialDialog idCaso={caso.id} opened={isHistorialOpen} onClose={() => setHistorialOpen(false)} />
    </>
  );
}
