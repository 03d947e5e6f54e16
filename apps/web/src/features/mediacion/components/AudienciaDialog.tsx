import { Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  AUDIENCIA_LUGAR_INPUT_MAX,
  AUDIENCIA_MESSAGES,
  AUDIENCIA_NRO_MAX,
  audienciaCreateSchema,
  type Audiencia,
} from '@siniestros/domain';
import { DateField } from '../../../components/DateField';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSaveAudiencia } from '../api/save-audiencia';
import { DialogActions } from '../../../components/DialogActions';
import { TimeField } from '../../../components/TimeField';

type Values = { fechah: string; hora: string; mediacion_nro: string; lugar: string };

/** Spec §2, hearings: the 'Nueva Audiencia' dialog, and the edit dialog opened from 'Ver'. */
export function AudienciaDialog({ idCaso, audiencia, onClose }: { idCaso: number; audiencia?: Audiencia; onClose: () => void }) {
  const save = useSaveAudiencia(idCaso);
  const isEdit = Boolean(audiencia);
  const form = useForm<Values>({
    initialValues: {
      fechah: audiencia?.fechah.slice(0, 10) ?? '',
      hora: audiencia?.hora.slice(0, 5) ?? '',
      mediacion_nro: audiencia?.mediacion_nro ?? '',
      lugar: audiencia?.lugar ?? '',
    },
    validate: zod4Resolver(audienciaCreateSchema),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        id: audiencia?.id,
        version: audiencia?.version,
        input: { fechah: values.fechah, hora: values.hora, mediacion_nro: values.mediacion_nro.trim() || null, lugar: values.lugar.trim() },
      },
      {
        onSuccess: () => {
          notifySuccess(isEdit ? AUDIENCIA_MESSAGES.updated : AUDIENCIA_MESSAGES.created);
          onClose();
        },
        onError: (error) => notifyApiError(error, isEdit ? 'Error al actualizar la audiencia' : 'Error al crear la audiencia'),
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={isEdit ? 'Editar Audiencia' : 'Nueva Audiencia'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group grow align="flex-start">
            <DateField label="Fecha" required {...form.getInputProps('fechah')} />
            <TimeField label="Hora" required {...form.getInputProps('hora')} />
          </Group>
          <TextInput label="Audiencia Nro" maxLength={AUDIENCIA_NRO_MAX} {...form.getInputProps('mediacion_nro')} />
          <Textarea
            label="Lugar/Descripcion"
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={AUDIENCIA_LUGAR_INPUT_MAX}
            description={`${form.values.lugar.length}/${AUDIENCIA_LUGAR_INPUT_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('lugar')}
          />
          <DialogActions onCancel={onClose} isSaving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
