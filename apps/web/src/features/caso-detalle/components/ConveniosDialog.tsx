import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { CASO_MESSAGES, CONVENIO_MESSAGES, CONVENIO_TEMPLATES, type Tercero } from '@siniestros/domain';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { useDownloadConvenios } from '../api/download-convenios';

const terceroLabel = (tercero: Tercero) => [`${tercero.nombre ?? ''} ${tercero.apellido}`.trim(), tercero.dominio].filter(Boolean).join(' — ');

/**
 * Spec §4 status 5 'Seleccionar Convenios': a checklist of the 9 templates, downloaded as one zip; with several
 * third parties the set is for the one chosen here.
 */
export function ConveniosDialog({ idCaso, terceros, onClose }: { idCaso: number; terceros: Tercero[]; onClose: () => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [idTercero, setIdTercero] = useState<string | null>(terceros.length === 1 ? String(terceros[0]!.id) : null);
  const download = useDownloadConvenios(idCaso);
  const needsTercero = terceros.length > 1 && idTercero === null;

  const submit = () => {
    if (selected.length === 0) return notifyError(CONVENIO_MESSAGES.noneSelected);
    if (needsTercero) return notifyError(CONVENIO_MESSAGES.chooseTercero);
    download.mutate(
      { convenioFile: selected, ...(idTercero ? { id_tercero: Number(idTercero) } : {}) },
      {
        onSuccess: () => {
          notifySuccess(CONVENIO_MESSAGES.downloaded);
          onClose();
        },
        onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Seleccionar Convenios" centered>
      <Stack>
        {terceros.length > 1 && (
          <Select
            label="Tercero"
            placeholder="Seleccione el tercero"
            required
            data={terceros.map((tercero) => ({ value: String(tercero.id), label: terceroLabel(tercero) }))}
            value={idTercero}
            onChange={setIdTercero}
          />
        )}
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
          <Button onClick={submit} disabled={selected.length === 0 || needsTercero} loading={download.isPending}>
            Descargar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
