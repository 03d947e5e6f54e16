import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { INSPECCION_MESSAGES, type Inspeccion } from '@siniestros/domain';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { inspectorName, useInspectores } from '../../../lib/lookups';
import { useUpdateInspector } from '../api/update-inspector';

/** Spec §2, all inspections: the 'Inspectores' dialog that reassigns a Coordinada inspection. */
export function InspectorDialog({ inspeccion, onClose }: { inspeccion: Inspeccion; onClose: () => void }) {
  const inspectores = useInspectores();
  const update = useUpdateInspector();
  const [inspector, setInspector] = useState<string | null>(String(inspeccion.id_inspector));

  const save = () => {
    if (!inspector) return notifyError(INSPECCION_MESSAGES.inspectorRequired);
    update.mutate(
      { id: inspeccion.id, caso: inspeccion.id_caso, inspector: Number(inspector) },
      {
        onSuccess: () => {
          notifySuccess(INSPECCION_MESSAGES.inspectorUpdated);
          onClose();
        },
        onError: (error) => notifyApiError(error, 'Error al actualizar el inspector'),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Inspectores" centered>
      <Stack>
        <Text size="sm">
          Inspeccion {inspeccion.id} del caso {inspeccion.id_caso}
        </Text>
        <Select
          label="Inspector"
          required
          searchable
          data-autofocus
          data={(inspectores.data ?? []).map((item) => ({ value: String(item.id), label: inspectorName(item) }))}
          value={inspector}
          onChange={setInspector}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={save} loading={update.isPending} disabled={!inspector || inspector === String(inspeccion.id_inspector)}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
