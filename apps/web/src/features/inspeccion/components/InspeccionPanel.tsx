import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ESTADO, formatDate, formatTime, INSPECCION_ESTADOS, type CasoDetalle, type Inspeccion } from '@siniestros/domain';
import { useDeleteInspeccion } from '../api/delete-inspeccion';
import { inspectorName } from '../../../lib/lookups';
import { EstadoBadge } from './EstadoBadge';
import { InformeFotograficoMenu } from './fotos/InformeFotograficoMenu';
import { InspeccionFormDialog } from './InspeccionFormDialog';
import { TableHeader } from '../../../components/ListTableParts';

type Dialog = { mode: 'create' } | { mode: 'edit'; inspeccion: Inspeccion } | null;

const isOpen = (inspeccion: Inspeccion) => inspeccion.estado !== INSPECCION_ESTADOS.FINALIZADA;

/**
 * Spec §4, status 2: a case with a third party and no pending inspection can schedule one
 * ('+ Inspeccion'); its inspections show in a table with 'Editar' and 'Eliminar Inspeccion'.
 * Finalized ones (kept after a reinspection, decision 000) are listed read-only.
 */
export function InspeccionPanel({ detalle }: { detalle: CasoDetalle }) {
  const { caso, inspecciones, inspectores, terceros } = detalle;
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteInspeccion(caso.id);
  const isScheduling = caso.id_estado === ESTADO.INSPECCION;
  const hasTercero = terceros.length > 0;
  const canSchedule = isScheduling && hasTercero && !inspecciones.some(isOpen);

  const nameOf = (inspeccion: Inspeccion) => {
    if (inspeccion.inspector_apellido || inspeccion.inspector_nombre) return inspectorName({ apellido: inspeccion.inspector_apellido, nombre: inspeccion.inspector_nombre });
    const inspector = inspectores.find((item) => item.id === inspeccion.id_inspector);
    return inspector ? inspectorName(inspector) : '-';
  };

  const confirmDelete = (inspeccion: Inspeccion) =>
    modals.openConfirmModal({
      title: 'Eliminar Inspeccion',
      children: <Text size="sm">Esta seguro de eliminar la inspeccion {inspeccion.id}?</Text>,
      labels: { confirm: 'SI', cancel: 'NO' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(inspeccion.id),
    });

  return (
    <Paper withBorder p="md" component="section" aria-label="Inspeccion">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Inspeccion</Title>
          {canSchedule && <Button onClick={() => setDialog({ mode: 'create' })}>+ Inspeccion</Button>}
        </Group>
        {isScheduling && !hasTercero && inspecciones.length === 0 && (
          <Text size="sm" c="dimmed">
            Para agendar una inspeccion el caso debe tener un tercero.
          </Text>
        )}
        {inspecciones.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder>
              <TableHeader cells={['ID', 'Fecha', 'Dirección', 'Inspector', 'Estado', 'Acciones']} />
              <Table.Tbody>
                {inspecciones.map((inspeccion) => (
                  <Table.Tr key={inspeccion.id}>
                    <Table.Td>{inspeccion.id}</Table.Td>
                    <Table.Td>
                      {formatDate(inspeccion.fecha_inspeccion)}
                      {inspeccion.hora_inspeccion && ` ${formatTime(inspeccion.hora_inspeccion)}`}
                    </Table.Td>
                    <Table.Td>{inspeccion.direccion}</Table.Td>
                    <Table.Td>{nameOf(inspeccion)}</Table.Td>
                    <Table.Td>
                      <EstadoBadge estado={inspeccion.estado} />
                    </Table.Td>
                    <Table.Td>
                      {isScheduling && isOpen(inspeccion) ? (
                        <Group gap="md" wrap="nowrap">
                          <Anchor component="button" type="button" onClick={() => setDialog({ mode: 'edit', inspeccion })}>
                            Editar
                          </Anchor>
                          <Anchor component="button" type="button" c="red" onClick={() => confirmDelete(inspeccion)} disabled={remove.isPending}>
                            Eliminar Inspeccion
                          </Anchor>
                        </Group>
                      ) : inspeccion.estado === INSPECCION_ESTADOS.FINALIZADA ? (
                        <InformeFotograficoMenu idInspeccion={inspeccion.id} />
                      ) : (
                        '-'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {dialog && (
        <InspeccionFormDialog
          idCaso={caso.id}
          inspectores={inspectores}
          inspeccion={dialog.mode === 'edit' ? dialog.inspeccion : undefined}
          onClose={() => setDialog(null)}
        />
      )}
    </Paper>
  );
}
