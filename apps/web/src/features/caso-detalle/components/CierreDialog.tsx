import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { CASO_MESSAGES, CICLO_MESSAGES, CIERRE_RELOAD_MS, CLOSING_REASONS, closingReasonName } from '@siniestros/domain';
import { notifyApiError, notifySuccessAcrossReload } from '../../../lib/notify';
import { useCloseCaso } from '../api/close-caso';

/** Spec §2 Cierre dialog: a radio list of the 11 closing reasons; the page reloads 1.5 s after (spec §8). */
export function CierreDialog({ idCaso, onClose }: { idCaso: number; onClose: () => void }) {
  const [motivo, setMotivo] = useState<string | null>(null);
  const close = useCloseCaso(idCaso);

  const save = () => {
    const idEstado = Number(motivo);
    close.mutate(
      { id_estado: idEstado, msg: closingReasonName(idEstado) ?? '' },
      {
        onSuccess: (response) => {
          notifySuccessAcrossReload(response.message || CICLO_MESSAGES.closed);
          onClose();
          setTimeout(() => window.location.reload(), CIERRE_RELOAD_MS);
        },
        onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Cierre Caso" centered>
      <Stack>
        <Radio.Group label="Motivo de cierre" value={motivo} onChange={setMotivo}>
          <Stack gap="xs" mt="xs">
            {CLOSING_REASONS.map((reason) => (
              <Radio key={reason.id} value={String(reason.id)} label={reason.nombre} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={save} disabled={!motivo} loading={close.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
