import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { CASO_MESSAGES, type AnalistaLookup, type CasoListRow } from '@siniestros/domain';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useAssignAnalista } from '../api/assign-analista';
import { MoverTareasCheckbox } from '../../tareas';

type Props = { caso: CasoListRow; analistas: AnalistaLookup[]; onClose: () => void };

/** Spec §2 case list: clicking the analyst cell assigns an analyst (shown as 'apellido nombre'). */
export function AnalistaDialog({ caso, analistas, onClose }: Props) {
  const [idAnalista, setIdAnalista] = useState<string | null>(caso.id_analista ? String(caso.id_analista) : null);
  const assign = useAssignAnalista();
  const [moverTareas, setMoverTareas] = useState(true);
  const options = analistas.map((analista) => ({ value: String(analista.id), label: `${analista.apellido} ${analista.nombre}` }));

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (!idAnalista) return;
    assign.mutate(
      { idCaso: caso.id, idAnalista: Number(idAnalista), visto: caso.id_analista ?? null, moverTareas },
      {
        onSuccess: (result) => {
          notifySuccess(result?.message || CASO_MESSAGES.analistaUpdated);
          onClose();
        },
        onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Asignar Analista" centered size="sm">
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Caso {caso.id} · Siniestro {caso.reclamo_nro}
          </Text>
          <Select
            label="Analista"
            placeholder="Seleccione un analista"
            data={options}
            value={idAnalista}
            onChange={setIdAnalista}
            searchable
            nothingFoundMessage="Sin resultados"
          />
          {idAnalista !== String(caso.id_analista ?? '') && <MoverTareasCheckbox idCaso={caso.id} checked={moverTareas} onChange={setMoverTareas} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" disabled={!idAnalista} loading={assign.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
