import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { INSPECCION_INPUT_LIMITS, inspeccionSchema, type Inspeccion, type InspectorLookup } from '@siniestros/domain';
import { DateField } from '../../../components/DateField';
import { TimeField } from '../../../components/TimeField';
import { notifyError, VALIDATION_TOAST_MS } from '../../../lib/notify';
import { inspectorName } from '../../../lib/lookups';
import { useSaveInspeccion } from '../api/save-inspeccion';
import { DialogActions } from '../../../components/DialogActions';

type Values = { id_inspector: string; fecha_inspeccion: string; hora_inspeccion: string; direccion: string; detalle: string };

const LABELS: Record<keyof Values, string> = {
  id_inspector: 'Inspector',
  fecha_inspeccion: 'Fecha',
  hora_inspeccion: 'Hora',
  direccion: 'Dirección',
  detalle: 'Detalle',
};

/** Spec §4 status 2: the '+ Inspeccion' form, also used prefilled by 'Editar'. */
export function InspeccionFormDialog({
  idCaso,
  inspectores,
  inspeccion,
  onClose,
}: {
  idCaso: number;
  inspectores: InspectorLookup[];
  inspeccion?: Inspeccion;
  onClose: () => void;
}) {
  const save = useSaveInspeccion(idCaso);
  const isEdit = Boolean(inspeccion);
  const form = useForm<Values>({
    initialValues: {
      id_inspector: inspeccion ? String(inspeccion.id_inspector) : '',
      fecha_inspeccion: inspeccion?.fecha_inspeccion.slice(0, 10) ?? '',
      // Optional (docs/decisions/086): '' is "no hour".
      hora_inspeccion: inspeccion?.hora_inspeccion?.slice(0, 5) ?? '',
      direccion: inspeccion?.direccion ?? '',
      detalle: inspeccion?.detalle ?? '',
    },
    validate: zod4Resolver(inspeccionSchema),
  });

  // Spec §5: each failing rule shows a toast 'field: message'.
  const onInvalid = (errors: Record<string, unknown>) => {
    for (const [field, message] of Object.entries(errors)) {
      notifyError(`${LABELS[field as keyof Values] ?? field}: ${String(message)}`, VALIDATION_TOAST_MS);
    }
  };

  const submit = form.onSubmit((values) => {
    const input = {
      ...values,
      version: inspeccion?.version,
      id_inspector: Number(values.id_inspector),
      direccion: values.direccion.trim(),
      detalle: values.detalle.trim(),
    };
    save.mutate({ id: inspeccion?.id, input }, { onSuccess: onClose });
  }, onInvalid);

  return (
    <Modal opened onClose={onClose} title={isEdit ? 'Editar Inspeccion' : 'Nueva Inspeccion'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={LABELS.id_inspector}
            required
            searchable
            data-autofocus
            data={inspectores.map((item) => ({ value: String(item.id), label: inspectorName(item) }))}
            nothingFoundMessage="No hay inspectores"
            {...form.getInputProps('id_inspector')}
          />
          <DateField label={LABELS.fecha_inspeccion} required {...form.getInputProps('fecha_inspeccion')} />
          <TimeField label={LABELS.hora_inspeccion} description="Opcional" clearable {...form.getInputProps('hora_inspeccion')} />
          <TextInput label={LABELS.direccion} required maxLength={INSPECCION_INPUT_LIMITS.direccion} {...form.getInputProps('direccion')} />
          <TextInput label={LABELS.detalle} required maxLength={INSPECCION_INPUT_LIMITS.detalle} {...form.getInputProps('detalle')} />
          <DialogActions onCancel={onClose} isSaving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
