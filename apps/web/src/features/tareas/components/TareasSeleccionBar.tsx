import { useState } from 'react';
import { Button, Group, Paper, Select, Table, Text } from '@mantine/core';
import { MASIVO_MESSAGES } from '@siniestros/domain';
import { CancelarSeleccion, SeleccionCheckbox, SeleccionPaginaCheckbox } from '../../../components/SeleccionControles';
import { confirmAction } from '../../../lib/confirm';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import type { SeleccionIds } from '../../../lib/use-seleccion-ids';
import { useAsignables } from '../api/get-tareas';
import { useReasignarTareas } from '../api/reasignar-tareas';

/** A task's checkbox. */
export function TareaCheckbox({ seleccion, id, texto }: { seleccion: SeleccionIds; id: number; texto: string }) {
  return <SeleccionCheckbox label={`Seleccionar tarea: ${texto}`} checked={seleccion.isSelected(id)} onToggle={(withShift) => seleccion.toggle(id, withShift)} />;
}

/** The table's header, with the page's checkbox first in the selection mode. */
export function TareasHeader({ seleccion, cells }: { seleccion?: SeleccionIds; cells: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {seleccion && (
          <Table.Th w={28}>
            <SeleccionPaginaCheckbox label="Seleccionar las tareas de la página" seleccion={seleccion} />
          </Table.Th>
        )}
        {cells.map((cell) => (
          <Table.Th key={cell}>{cell}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** 'Mis tareas': the ticked tasks reassigned at once, after a question naming how many (docs/decisions/097). */
export function TareasSeleccionBar({ seleccion, onCancelar }: { seleccion: SeleccionIds; onCancelar: () => void }) {
  const [idUsuario, setIdUsuario] = useState<string | null>(null);
  const asignables = useAsignables();
  const reasignar = useReasignarTareas();
  const count = seleccion.ids.size;
  const usuario = (asignables.data ?? []).find((item) => String(item.id) === idUsuario);

  const ask = () => {
    if (!usuario) return;
    const ids = [...seleccion.ids];
    confirmAction(MASIVO_MESSAGES.confirm.tareas(count, usuario.nombre), () =>
      reasignar.mutateAsync({ ids, idUsuario: usuario.id }).then(
        (result) => {
          notifySuccess(result.message);
          seleccion.clear();
        },
        (error: unknown) => notifyApiError(error, 'Error al reasignar las tareas'),
      ),
    );
  };

  return (
    <Paper withBorder px="sm" py={6} mb="sm" role="region" aria-label="Acciones sobre las tareas seleccionadas">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {count} {count === 1 ? 'tarea seleccionada' : 'tareas seleccionadas'}
        </Text>
        <Select
          size="xs"
          w={220}
          aria-label="Reasignar las tareas seleccionadas a"
          placeholder="Asignar a"
          searchable
          data={(asignables.data ?? []).map((item) => ({ value: String(item.id), label: item.nombre }))}
          value={idUsuario}
          onChange={setIdUsuario}
        />
        <Button size="compact-sm" disabled={!usuario || count === 0} loading={reasignar.isPending} onClick={ask}>
          Reasignar seleccionadas
        </Button>
        <CancelarSeleccion onClick={onCancelar} />
      </Group>
    </Paper>
  );
}
