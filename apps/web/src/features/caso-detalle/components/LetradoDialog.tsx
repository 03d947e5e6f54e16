import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { CASO_MESSAGES, LETRADO_MESSAGES, letradoFields, type Letrado } from '@siniestros/domain';
import { notifySuccess } from '../../../lib/notify';
import { useSaveLetrado } from '../api/save-letrado';
import { notifySaveError, notifyValidationErrors } from './validation-toasts';
import { DialogActions } from '../../../components/DialogActions';

/** The lawyer's fields of the request schema, each as typed. */
type LetradoValues = Record<keyof typeof letradoFields, string>;

const letradoFormSchema = z.object(letradoFields);

const str = (value: string | null | undefined) => value ?? '';

/** Spec §2: the case's lawyer; creates one when none exists, otherwise updates it. */
export function LetradoDialog({
  idCaso,
  letrado,
  opened,
  onClose,
}: {
  idCaso: number;
  letrado: Letrado | null;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useSaveLetrado(idCaso, letrado?.id);
  const form = useForm<LetradoValues>({
    initialValues: {
      apellido: str(letrado?.apellido),
      nombre: str(letrado?.nombre),
      cel: str(letrado?.cel),
      fijo: str(letrado?.fijo),
      mail: str(letrado?.mail),
      cuit: str(letrado?.cuit),
      cbu: str(letrado?.cbu),
    },
    validate: zod4Resolver(letradoFormSchema),
  });

  const submit = form.onSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => {
          notifySuccess(LETRADO_MESSAGES.saved);
          onClose();
        },
        onError: (error) => notifySaveError(error, CASO_MESSAGES.loadError, 'letrado.'),
      }),
    (errors) => notifyValidationErrors(errors, 'letrado.'),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Letrado" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Apellido" required data-autofocus {...form.getInputProps('apellido')} />
            <TextInput label="Nombre" {...form.getInputProps('nombre')} />
            <TextInput label="Celular" {...form.getInputProps('cel')} />
            <TextInput label="Fijo" {...form.getInputProps('fijo')} />
            <TextInput label="Mail" type="email" {...form.getInputProps('mail')} />
            <TextInput label="Cuit" {...form.getInputProps('cuit')} />
            <TextInput label="CBU" {...form.getInputProps('cbu')} />
          </SimpleGrid>
          <DialogActions onCancel={onClose} isSaving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
