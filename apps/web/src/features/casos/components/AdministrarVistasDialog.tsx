import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Switch, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { COMPARTIR_VISTAS, ROL, VISTA_MESSAGES, VISTA_NOMBRE_MAX, type Vista, type Vistas } from '@siniestros/domain';
import { confirmAction } from '../../../lib/confirm';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useUpdateVista, type CambioVista } from '../api/update-vista';

const NINGUNA = 'ninguna';

/** One of my views' name, renamed in place. */
function NombreVista({ vista, onRename }: { vista: Vista; onRename: (nombre: string) => void }) {
  const [nombre, setNombre] = useState(vista.nombre);
  return (
    <Group gap={6} wrap="nowrap">
      <TextInput
        size="xs"
        aria-label={`Nombre de la vista ${vista.nombre}`}
        value={nombre}
        maxLength={VISTA_NOMBRE_MAX}
        onChange={(event) => setNombre(event.currentTarget.value)}
      />
      <Button size="xs" variant="default" disabled={!nombre.trim() || nombre.trim() === vista.nombre} onClick={() => onRename(nombre)}>
        Renombrar
      </Button>
    </Group>
  );
}

/**
 * 'Administrar vistas' (docs/decisions/096): rename, share and delete my views; choose the one the
 * list opens with (mine or a shared one); the Admin sets who may share.
 */
export function AdministrarVistasDialog({ vistas, onClose }: { vistas: Vistas; onClose: () => void }) {
  const update = useUpdateVista();
  const isAdmin = useSession().data?.rol === ROL.ADMIN;
  const predeterminada = vistas.vistas.find((vista) => vista.predeterminada);

  const cambiar = (cambio: CambioVista) =>
    update.mutate(cambio, {
      onSuccess: (result) => notifySuccess(result.message),
      onError: (error) => notifyApiError(error, VISTA_MESSAGES.notFound),
    });

  return (
    <Modal opened onClose={onClose} title={VISTA_MESSAGES.administrar} centered size="xl">
      <Stack gap="md">
        {isAdmin && (
          <Switch
            label={VISTA_MESSAGES.todosComparten}
            checked={vistas.compartir === COMPARTIR_VISTAS.TODOS}
            onChange={(event) =>
              cambiar({
                kind: 'ajustes',
                ajustes: { compartir: event.currentTarget.checked ? COMPARTIR_VISTAS.TODOS : COMPARTIR_VISTAS.ADMIN },
              })
            }
          />
        )}
        {vistas.vistas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {VISTA_MESSAGES.sinVistas}
          </Text>
        ) : (
          <Radio.Group
            label={VISTA_MESSAGES.predeterminada}
            value={predeterminada ? String(predeterminada.id) : NINGUNA}
            onChange={(value) => cambiar({ kind: 'predeterminada', id: value === NINGUNA ? null : Number(value) })}
          >
            <Table mt="xs" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Vista</Table.Th>
                  <Table.Th>Compartida</Table.Th>
                  <Table.Th>Predeterminada</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Acciones</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vistas.vistas.map((vista) => (
                  <Table.Tr key={vista.id}>
                    <Table.Td>
                      {vista.propia ? (
                        <NombreVista
                          key={vista.nombre}
                          vista={vista}
                          onRename={(nombre) => cambiar({ kind: 'editar', id: vista.id, cambios: { nombre } })}
                        />
                      ) : (
                        <>
                          <Text size="sm">{vista.nombre}</Text>
                          <Text size="xs" c="dimmed">
                            {vista.autor}
                          </Text>
                        </>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {vista.propia && (vistas.puedeCompartir || vista.compartida) ? (
                        <Switch
                          aria-label={`Compartir ${vista.nombre}`}
                          checked={vista.compartida}
                          onChange={(event) =>
                            cambiar({ kind: 'editar', id: vista.id, cambios: { compartida: event.currentTarget.checked } })
                          }
                        />
                      ) : (
                        <Text size="sm">{vista.compartida ? 'Sí' : 'No'}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Radio value={String(vista.id)} aria-label={`Predeterminada: ${vista.nombre}`} />
                    </Table.Td>
                    <Table.Td>
                      {vista.propia && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Eliminar ${vista.nombre}`}
                          onClick={() =>
                            confirmAction(`¿Eliminar la vista ${vista.nombre}?`, () => cambiar({ kind: 'eliminar', id: vista.id }))
                          }
                        >
                          Eliminar
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Radio mt="xs" value={NINGUNA} label={VISTA_MESSAGES.ninguna} />
          </Radio.Group>
        )}
      </Stack>
    </Modal>
  );
}
