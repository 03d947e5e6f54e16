import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ANALISIS_MESSAGES, analisisSchema, CASO_MESSAGES, type AnalisisRequest, type Lookup } from '@siniestros/domain';
import { MoneyInput } from '../../../components/MoneyInput';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSaveAnalisis } from '../api/save-analisis';
import { LimiteAutorizacion } from '../../aprobaciones';
import { DialogActions } from '../../../components/DialogActions';

type AnalisisValues = Record<keyof Pick<AnalisisRequest, 'id_responsabilidad' | 'valor_ofertado' | 'analisis'>, string>;

/** Spec §4 status 3 '+ Ofrecimiento': responsibility, offered value and detail (spec §5 messages); saves into status 4. */
export function AnalisisDialog({
  idCaso,
  responsabilidades,
  onClose,
}: {
  idCaso: number;
  responsabilidades: Lookup[];
  onClose: () => void;
}) {
  const save = useSaveAnalisis(idCaso);
  const form = useForm<AnalisisValues>({
    initialValues: { id_responsabilidad: '', valor_ofertado: '', analisis: '' },
    validate: zod4Resolver(analisisSchema),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (response) => {
        notifySuccess(response.message || ANALISIS_MESSAGES.saved);
        onClose();
      },
      onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
    }),
  );
  return (
    <Modal opened onClose={onClose} title="Analisis y Ofrecimiento" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Responsabilidad"
            required
            data={responsabilidades.map((item) => ({ value: String(item.id), label: item.nombre }))}
            {...form.getInputProps('id_responsabilidad')}
          />
          <MoneyInput label="Valor Ofertado" required {...form.getInputProps('valor_ofertado')} />
          <LimiteAutorizacion idCaso={idCaso} />
          <Textarea label="Detalle" required autosize minRows={3} maxLength={200} {...form.getInputProps('analisis')} />
          <DialogActions onCancel={onClose} isSaving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
