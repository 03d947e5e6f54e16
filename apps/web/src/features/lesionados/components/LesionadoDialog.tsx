import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { LESIONADO_MESSAGES, lesionadoCreateSchema, type Lesionado, type Lookup } from '@siniestros/domain';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSaveLesionado } from '../api/save-lesionado';
import { DialogActions } from '../../../components/DialogActions';

type Values = { apellido: string; nombre: string; id_tipo_doc: string; nro_doc: string };

/** Spec §2, injured people: the create dialog, and the edit dialog opened from 'Ver'. */
export function LesionadoDialog({ idCaso, tiposDoc, lesionado, onClose }: { idCaso: number; tiposDoc: Lookup[]; lesionado?: Lesionado; onClose: () => void }) {
  const save = useSaveLesionado(idCaso);
  const isEdit = Boolean(lesionado);
  const form = useForm<Values>({
    initialValues: {
      apellido: lesionado?.apellido ?? '',
      nombre: lesionado?.nombre ?? '',
      id_tipo_doc: lesionado ? String(lesionado.id_tipo_doc) : '',
      nro_doc: lesionado?.nro_doc ?? '',
    },
    validate: zod4Resolver(lesionadoCreateSchema),
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        id: lesionado?.id,
        version: lesionado?.version,
        input: { apellido: values.apellido.trim(), nombre: values.nombre.trim(), id_tipo_doc: Number(values.id_tipo_doc), nro_doc: values.nro_doc.trim() },
      },
      {
        onSuccess: () => {
          notifySuccess(isEdit ? LESIONADO_MESSAGES.updated : LESIONADO_MESSAGES.created);
          onClose();
        },
        onError: (error) => notifyApiError(error, isEdit ? 'Error al actualizar el lesionado' : 'Error al crear el lesionado'),
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={isEdit ? 'Editar Lesionado' : 'Nuevo Lesionado'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Apellido" required maxLength={50} data-autofocus {...form.getInputProps('apellido')} />
          <TextInput label="Nombre" required maxLength={50} {...form.getInputProps('nombre')} />
          <Select label="Tipo Doc" required data={tiposDoc.map((tipo) => ({ value: String(tipo.id), label: tipo.nombre }))} {...form.getInputProps('id_tipo_doc')} />
          <TextInput label="Nro Doc" required maxLength={50} {...form.getInputProps('nro_doc')} />
          <DialogActions onCancel={onClose} isSaving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
