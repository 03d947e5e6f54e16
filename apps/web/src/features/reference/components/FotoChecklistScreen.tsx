import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { FOTO_CHECKLIST_SCREEN as SCREEN, fotoChecklistSchema, INSPECCION_FOTOS_MESSAGES, type FotoChecklistInput, type FotoChecklistItem } from '@siniestros/domain';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { PageTitle } from '../../../components/PageTitle';
import { RowActionCell, TableHeader } from '../../../components/ListTableParts';
import { useFotoChecklist, useSaveFotoChecklist } from '../api/foto-checklist';

type Editing = { mode: 'create' } | { mode: 'edit'; row: FotoChecklistItem } | null;
const { labels } = SCREEN;

/** 'Checklist de fotos' (issue 43 item 4): the shots the inspector's close screen asks for, in order. */
export function FotoChecklistScreen() {
  const list = useFotoChecklist();
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <Stack>
      <PageTitle>{SCREEN.title}</PageTitle>
      <Text size="sm" c="dimmed">
        Las fotos que el inspector toma al cerrar una inspección, en este orden. Un ítem inactivo deja de pedirse.
      </Text>
      <Group>
        <Button onClick={() => setEditing({ mode: 'create' })}>{SCREEN.newLabel}</Button>
      </Group>
      {list.isError && <Text c="red">{INSPECCION_FOTOS_MESSAGES.checklistLoadError}</Text>}
      <Table.ScrollContainer minWidth={420}>
        <Table striped highlightOnHover withTableBorder>
          <TableHeader cells={[labels.orden, labels.nombre, labels.multiple, labels.activo, 'Acciones']} />
          <Table.Tbody>
            {list.data?.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.orden}</Table.Td>
                <Table.Td>{row.nombre}</Table.Td>
                <Table.Td>{row.multiple ? 'Sí' : 'No'}</Table.Td>
                <Table.Td>{row.activo ? 'Sí' : 'No'}</Table.Td>
                <RowActionCell onClick={() => setEditing({ mode: 'edit', row })} label={`Ver ${row.nombre}`}>
                  Ver
                </RowActionCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <ItemDialog editing={editing} siguienteOrden={Math.max(0, ...(list.data ?? []).map((row) => row.orden)) + 10} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function ItemDialog({ editing, siguienteOrden, onClose }: { editing: NonNullable<Editing>; siguienteOrden: number; onClose: () => void }) {
  const save = useSaveFotoChecklist();
  const row = editing.mode === 'edit' ? editing.row : undefined;
  const form = useForm<FotoChecklistInput>({
    initialValues: { nombre: row?.nombre ?? '', orden: row?.orden ?? Math.min(siguienteOrden, 999), multiple: row?.multiple ?? false, activo: row?.activo ?? true },
    validate: zod4Resolver(fotoChecklistSchema),
  });
  const submit = form.onSubmit((input) =>
    save.mutate(
      { id: row?.id, input },
      {
        onSuccess: (saved) => {
          notifySuccess(saved.message);
          onClose();
        },
        onError: (error) => notifyApiError(error, INSPECCION_FOTOS_MESSAGES.checklistLoadError),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={row ? `Editar ${row.nombre}` : SCREEN.newLabel} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={labels.nombre} required data-autofocus maxLength={100} {...form.getInputProps('nombre')} />
          <NumberInput label={labels.orden} required min={0} max={999} allowDecimal={false} {...form.getInputProps('orden')} />
          <Switch label={labels.multiple} {...form.getInputProps('multiple', { type: 'checkbox' })} />
          <Switch label={labels.activo} {...form.getInputProps('activo', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              {row ? 'Guardar' : 'Guardar Cambios'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
