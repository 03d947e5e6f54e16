import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { CASO_MESSAGES, CICLO_MESSAGES, corregirAcordadoSchema, formatPesos, type Caso } from '@siniestros/domain';
import { MoneyInput } from '../../../components/MoneyInput';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useCorregirAcordado } from '../api/corregir-acordado';

/**
 * 'Corregir valor acordado': the one way to change the agreed amount after the acceptance, with the
 * reason the history keeps (docs/decisions/074).
 */
export function CorregirAcordadoDialog({ caso, onClose }: { caso: Pick<Caso, 'id' | 'version' | 'valor_acordado'>; onClose: () => void }) {
  const corregir = useCorregirAcordado(caso.id);
  const form = useForm({
    initialValues: { valor_acordado: caso.valor_acordado ?? '', motivo: '', version: caso.version },
    validate: zod4Resolver(corregirAcordadoSchema),
  });
  const submit = form.onSubmit((values) =>
    corregir.mutate(corregirAcordadoSchema.parse(values), {
      onSuccess: (response) => {
        notifySuccess(response.message || CICLO_MESSAGES.acordadoCorregido);
        onClose();
      },
      onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
    }),
  );
  return (
    <Modal opened onClose={onClose} title="Corregir valor acordado" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Valor acordado actual: {formatPesos(caso.valor_acordado)}</Text>
          <MoneyInput label="Nuevo valor acordado" required data-autofocus {...form.getInputProps('valor_acordado')} />
          <Textarea label="Motivo de la corrección" required autosize minRows={2} maxLength={1000} {...form.getInputProps('motivo')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={corregir.isPending}>
              Corregir
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
