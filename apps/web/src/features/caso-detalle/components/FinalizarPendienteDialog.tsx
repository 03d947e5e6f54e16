import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { PAGO_MESSAGES, formatPesos } from '@siniestros/domain';

/**
 * An Admin's 'Finalizar Caso' while the agreed amount is not paid in full: the pending amount, and
 * the reason the server writes in the history (docs/decisions/082). Anyone else gets the server's 409.
 */
export function FinalizarPendienteDialog({
  pendiente,
  isPending,
  onConfirm,
  onClose,
}: {
  pendiente: string;
  isPending: boolean;
  onConfirm: (motivo: string) => void;
  onClose: () => void;
}) {
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={PAGO_MESSAGES.finalizarPendiente.title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (motivo.trim() === '') return setError(PAGO_MESSAGES.motivo);
          onConfirm(motivo.trim());
        }}
      >
        <Stack>
          <Alert color="yellow" variant="light">
            <Text size="sm">{PAGO_MESSAGES.pendienteAlCerrar(formatPesos(pendiente))}</Text>
          </Alert>
          <Text size="sm">{PAGO_MESSAGES.finalizarPendiente.aviso}</Text>
          <Textarea
            label={PAGO_MESSAGES.finalizarPendiente.motivo}
            required
            autosize
            minRows={2}
            maxLength={1000}
            value={motivo}
            error={error}
            onChange={(event) => {
              setMotivo(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={isPending}>
              {PAGO_MESSAGES.finalizarPendiente.confirmar}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
