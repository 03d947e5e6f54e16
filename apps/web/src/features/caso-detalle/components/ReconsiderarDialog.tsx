import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ANALISIS_MESSAGES, CASO_MESSAGES, formatPesos, reconsiderarSchema, type ReconsiderarRequest } from '@siniestros/domain';
import { MoneyInput } from '../../../components/MoneyInput';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useReconsiderOffer } from '../api/reconsider-offer';
import { LimiteAutorizacion } from '../../aprobaciones';

type ReconsiderarValues = Record<keyof Pick<ReconsiderarRequest, 'valor_ofertado' | 'msg'>, string>;

/** Spec §4 status 4 'Reconsiderar': a new offered value and the reason (history prefixed RECONSIDERACION). */
export function ReconsiderarDialog({ idCaso, valorActual, onClose }: { idCaso: number; valorActual: string | null; onClose: () => void }) {
  const reconsider = useReconsiderOffer(idCaso);
  const form = useForm<ReconsiderarValues>({ initialValues: { valor_ofertado: '', msg: '' }, validate: zod4Resolver(reconsiderarSchema) });
  const submit = form.onSubmit((values) =>
    reconsider.mutate(values, {
      onSuccess: (response) => {
        notifySuccess(response.message || ANALISIS_MESSAGES.reconsidered);
        onClose();
      },
      onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
    }),
  );
  return (
    <Modal opened onClose={onClose} title="Reconsiderar" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Valor ofertado actual: {formatPesos(valorActual)}</Text>
          <MoneyInput label="Nuevo Valor Ofertado" required data-autofocus {...form.getInputProps('valor_ofertado')} />
          <LimiteAutorizacion idCaso={idCaso} />
          <Textarea label="Motivo" required autosize minRows={3} maxLength={2000} {...form.getInputProps('msg')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={reconsider.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
