import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { CASO_MESSAGES, CONVENIO_MESSAGES, CONVENIO_TEMPLATES } from '@siniestros/domain';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { useDownloadConvenios } from '../api/download-convenios';

/** Spec §4 status 5 'Seleccionar Convenios': a checklist of the 9 templates, downloaded as one zip. */
export function ConveniosDialog({ idCaso, onClose }: { idCaso: number; onClose: () => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  const download = useDownloadConvenios(idCaso);

  const submit = () => {
    if (selected.length === 0) return notifyError(CONVENIO_MESSAGES.noneSelected);
    download.mutate(selected, {
      onSuccess: () => {
        notifySuccess(CONVENIO_MESSAGES.downloaded);
        onClose();
      },
      onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
    });
  };

  return (
    <Modal opened onClose={onClose} title="Seleccionar Convenios" centered>
      <Stack>
        <Checkbox.Group label="Convenios" value={selected} onChange={setSelected}>
          <Stack gap="xs" mt="xs">
            {CONVENIO_TEMPLATES.map((template) => (
              <Checkbox key={template.id} value={template.nombre} label={template.nombre} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={selected.length === 0} loading={download.isPending}>
            Descargar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
