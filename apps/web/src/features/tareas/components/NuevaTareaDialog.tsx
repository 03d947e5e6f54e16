import { useEffect } from 'react';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { TAREA_MESSAGES, TAREA_PRESETS, TAREA_TEXTO_MAX, tareaCreateSchema, todayIso, vencePreset } from '@siniestros/domain';
import { DateField } from '../../../components/DateField';
import { DialogActions } from '../../../components/DialogActions';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useAsignables } from '../api/get-tareas';
import { useCreateTarea } from '../api/save-tarea';

type Values = { texto: string; vence: string; id_usuario: string };

/** 'Nueva tarea' on a case: what, when (presets move to a working day) and for whom (you, unless chosen). */
export function NuevaTareaDialog({ idCaso, onClose }: { idCaso: number; onClose: () => void }) {
  const create = useCreateTarea(idCaso);
  const asignables = useAsignables();
  const yo = asignables.data?.find((usuario) => usuario.yo);
  const form = useForm<Values>({
    initialValues: { texto: '', vence: vencePreset(todayIso(), 'manana'), id_usuario: '' },
    validate: zod4Resolver(tareaCreateSchema, { errorPriority: 'first' }),
  });
  const { setFieldValue } = form;
  const isUnassigned = form.values.id_usuario === '';
  // Yours unless you choose someone else.
  useEffect(() => {
    if (yo && isUnassigned) setFieldValue('id_usuario', String(yo.id));
  }, [yo, isUnassigned, setFieldValue]);

  const submit = form.onSubmit((values) =>
    create.mutate(
      { texto: values.texto.trim(), vence: values.vence, id_usuario: Number(values.id_usuario) },
      {
        onSuccess: () => {
          notifySuccess(TAREA_MESSAGES.created);
          onClose();
        },
        onError: (error) => notifyApiError(error, 'Error al crear la tarea'),
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title="Nueva tarea" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label="Tarea"
            required
            autosize
            minRows={2}
            maxRows={6}
            maxLength={TAREA_TEXTO_MAX}
            data-autofocus
            {...form.getInputProps('texto')}
          />
          <Group gap="xs" role="group" aria-label="Vencimiento rápido">
            {TAREA_PRESETS.map((preset) => {
              const date = vencePreset(todayIso(), preset.key);
              return (
                <Button
                  key={preset.key}
                  size="compact-sm"
                  variant={form.values.vence === date ? 'filled' : 'default'}
                  onClick={() => form.setFieldValue('vence', date)}
                >
                  {preset.label}
                </Button>
              );
            })}
          </Group>
          <DateField label="Vence" required {...form.getInputProps('vence')} />
          <Select
            label="Asignar a"
            required
            searchable
            data={(asignables.data ?? []).map((usuario) => ({
              value: String(usuario.id),
              label: usuario.yo ? `${usuario.nombre} (yo)` : usuario.nombre,
            }))}
            {...form.getInputProps('id_usuario')}
            value={form.values.id_usuario || null}
            onChange={(value) => setFieldValue('id_usuario', value ?? '')}
          />
          <DialogActions onCancel={onClose} isSaving={create.isPending} submitLabel="Crear tarea" />
        </Stack>
      </form>
    </Modal>
  );
}
