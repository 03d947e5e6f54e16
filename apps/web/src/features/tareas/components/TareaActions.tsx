import { Button, Group, Menu } from '@mantine/core';
import { TAREA_MESSAGES, type Tarea } from '@siniestros/domain';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useAsignables } from '../api/get-tareas';
import { useCompleteTarea, useReassignTarea } from '../api/save-tarea';

/**
 * 'Hecha' and 'Reasignar': one click each (the reassign menu lists the people a task can go to).
 * The toast follows the promise, not mutate's callbacks: those are dropped when the row leaves the
 * list (it does, once the lists refresh) before they run, and the toast went with them.
 */
export function TareaActions({ tarea }: { tarea: Tarea }) {
  const complete = useCompleteTarea();
  const reassign = useReassignTarea();
  const asignables = useAsignables();
  const others = (asignables.data ?? []).filter((usuario) => usuario.id !== tarea.id_usuario);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        color="green.8"
        loading={complete.isPending}
        aria-label={`Marcar como hecha: ${tarea.texto}`}
        onClick={() =>
          complete.mutateAsync(tarea.id).then(
            () => notifySuccess(TAREA_MESSAGES.done),
            (error: unknown) => notifyApiError(error, 'Error al completar la tarea'),
          )
        }
      >
        Hecha
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-sm" variant="default" loading={reassign.isPending} aria-label={`Reasignar: ${tarea.texto}`}>
            Reasignar
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Asignar a</Menu.Label>
          {others.map((usuario) => (
            <Menu.Item
              key={usuario.id}
              onClick={() =>
                reassign.mutateAsync({ id: tarea.id, idUsuario: usuario.id }).then(
                  () => notifySuccess(TAREA_MESSAGES.reassigned),
                  (error: unknown) => notifyApiError(error, 'Error al reasignar la tarea'),
                )
              }
            >
              {usuario.nombre}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
