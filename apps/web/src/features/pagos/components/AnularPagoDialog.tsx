import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { anularPagoSchema, formatPesos, type Pago } from '@siniestros/domain';
import { useAnularPago } from '../api/anular-pago';

/** 'Anular' a payment, with the reason the history keeps. */
export function AnularPagoDialog({ idCaso, pago, onClose }: { idCaso: number; pago: Pago; onClose: () => void }) {
  const anular = useAnularPago(idCaso);
  const form = useForm({ initialValues: { motivo: '', version: pago.version }, validate: zod4Resolver(anularPagoSchema) });
  const submit = form.onSubmit((values) => anular.mutate({ idPago: pago.id, ...values }, { onSuccess: onClose }));
  return (
    <Modal opened onClose={onClose} title="Anular pago" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {pago.beneficiario_nombre}: {formatPesos(pago.monto)}
          </Text>
          <Textarea label="Motivo de la anulación" required autosize minRows={2} maxLength={1000} data-autofocus {...form.getInputProps('motivo')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={anular.isPending}>
              Anular pago
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
