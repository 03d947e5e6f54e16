import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Select, Table, Text } from '@mantine/core';
import { MASIVO_MESSAGES } from '@siniestros/domain';
import { confirmAction } from '../../../lib/confirm';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import type { SeleccionIds } from '../../../lib/use-seleccion-ids';
import { useAsignables } from '../api/get-tareas';
import { useReasignarTareas } from '../api/reasignar-tareas';

/** A task's checkbox: a click ticks it, Shift+click the range from the last one ticked. */
export function TareaCheckbox({ seleccion, id, texto }: { seleccion: SeleccionIds; id: number; texto: string }) {
  return (
    <Checkbox
      size="xs"
      aria-label={`Seleccionar tarea: ${texto}`}
      checked={seleccion.isSelected(id)}
      onChange={(event) => seleccion.toggle(id, (event.nativeEvent as MouseEvent).shiftKey === true)}
    />
  );
}

/** The table's header with the page's checkbox first. */
export function TareasHeader({ seleccion, cells }: { seleccion: SeleccionIds; cells: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={28}>
          <Checkbox
            size="xs"
            aria-label="Seleccionar las tareas de la página"
            checked={seleccion.isPageSelected}
            indeterminate={seleccion.isPagePartly}
            onChange={seleccion.togglePage}
          />
        </Table.Th>
        {cells.map((cell) => (
          <Table.Th key={cell}>{cell}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** 'Mis tareas': the ticked tasks reassigned at once, after a question naming how many (docs/decisions/097). */
export function TareasSeleccionBar({ seleccion }: { seleccion: SeleccionIds }) {
  const [idUsuario, setIdUsuario] = useState<string | null>(null);
  const asignables = useAsignables();
  const reasignar = useReasignarTareas();
  const count = seleccion.ids.size;
  if (count === 0) return null;
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
        <Button size="compact-sm" disabled={!usuario} loading={reasignar.isPending} onClick={ask}>
          Reasignar seleccionadas
        </Button>
        <Button size="compact-sm" variant="default" onClick={seleccion.clear}>
          Quitar selección
        </Button>
      </Group>
    </Paper>
  );
}
