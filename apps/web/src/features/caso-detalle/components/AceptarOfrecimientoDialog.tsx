import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { aceptarOfrecimientoSchema, ADVANCE_LABELS, CASO_MESSAGES, CICLO_MESSAGES, ESTADO, formatPesos } from '@siniestros/domain';
import { MoneyInput } from '../../../components/MoneyInput';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useAdvanceCaso } from '../api/advance-caso';

/**
 * 'Acepta Ofreciemiento' at status 4: the agreed amount, the offered one unless the person edits it,
 * which the convenios and the values report then use (docs/decisions/036-valor-acordado.md).
 */
export function AceptarOfrecimientoDialog({
  idCaso,
  valorOfertado,
  onClose,
}: {
  idCaso: number;
  valorOfertado: string | null;
  onClose: () => void;
}) {
  const advance = useAdvanceCaso(idCaso);
  const form = useForm({ initialValues: { valor_acordado: valorOfertado ?? '' }, validate: zod4Resolver(aceptarOfrecimientoSchema) });
  const submit = form.onSubmit((values) =>
    advance.mutate(
      { idEstado: ESTADO.OFRECIMIENTO, valorAcordado: values.valor_acordado },
      {
        onSuccess: (response) => {
          notifySuccess(response.message || CICLO_MESSAGES.advanced);
          onClose();
        },
        onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={ADVANCE_LABELS[ESTADO.OFRECIMIENTO]} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Valor ofertado: {formatPesos(valorOfertado)}</Text>
          <MoneyInput label="Valor Acordado" required data-autofocus {...form.getInputProps('valor_acordado')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={advance.isPending}>
              Aceptar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
