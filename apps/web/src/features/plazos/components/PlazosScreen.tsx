import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  PLAZO_EVENTOS,
  PLAZO_MESSAGES,
  PLAZO_UNIDADES,
  formatPlazoRegla,
  plazoUpdateSchema,
  type PlazoEvento,
  type PlazoRegla,
  type PlazoUnidad,
  type PlazoUpdateInput,
} from '@siniestros/domain';
import { DialogActions } from '../../../components/DialogActions';
import { TableHeader } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { usePlazoReglas, useUpdatePlazoRegla } from '../api/plazos';

/** 'Plazos legales' (/plazos, Admin): the rules the clocks follow, each editable (issue 18 item 3). */
export function PlazosScreen() {
  const reglas = usePlazoReglas();
  const [editing, setEditing] = useState<PlazoRegla | null>(null);
  return (
    <>
      <PageTitle>Plazos legales</PageTitle>
      <Text size="sm" c="dimmed" mb="sm">
        Cada caso muestra sus plazos en curso según estas reglas; un cambio vale para todos los casos desde ya.
      </Text>
      <Table.ScrollContainer minWidth={820}>
        <Table striped aria-label="Reglas de plazos legales">
          <TableHeader cells={['Plazo', 'Empieza con', 'Duración', 'Aviso', 'Estado', 'Fuente', 'Acciones']} />
          <Table.Tbody>
            {reglas.data?.map((regla) => (
              <Table.Tr key={regla.codigo}>
                <Table.Td>{regla.nombre}</Table.Td>
                <Table.Td>{PLAZO_EVENTOS[regla.evento as PlazoEvento] ?? regla.evento}</Table.Td>
                <Table.Td>{formatPlazoRegla(regla)}</Table.Td>
                <Table.Td>{`${regla.aviso_dias} días antes`}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={regla.activo ? 600 : 400}>
                    {regla.activo ? 'Activo' : 'Inactivo'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{regla.fuente}</Text>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="default" onClick={() => setEditing(regla)} aria-label={`Editar ${regla.nombre}`}>
                    Editar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <PlazoDialog regla={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function PlazoDialog({ regla, onClose }: { regla: PlazoRegla; onClose: () => void }) {
  const update = useUpdatePlazoRegla();
  const form = useForm<PlazoUpdateInput>({
    initialValues: {
      nombre: regla.nombre,
      cantidad: regla.cantidad,
      unidad: regla.unidad as PlazoUnidad,
      aviso_dias: regla.aviso_dias,
      activo: regla.activo,
    },
    validate: zod4Resolver(plazoUpdateSchema, { errorPriority: 'first' }),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { codigo: regla.codigo, input: values },
      {
        onSuccess: () => {
          notifySuccess(PLAZO_MESSAGES.updated);
          onClose();
        },
        onError: (error) => notifyApiError(error, 'Error al guardar el plazo'),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={`Editar plazo: ${regla.nombre}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Nombre" required maxLength={100} {...form.getInputProps('nombre')} />
          <Text size="sm">{`Empieza con: ${PLAZO_EVENTOS[regla.evento as PlazoEvento] ?? regla.evento}`}</Text>
          <Group grow align="flex-start">
            <NumberInput
              label="Cantidad"
              required
              min={0}
              max={3650}
              clampBehavior="none"
              allowDecimal={false}
              {...form.getInputProps('cantidad')}
            />
            <Select
              label="Unidad"
              required
              allowDeselect={false}
              data={Object.entries(PLAZO_UNIDADES).map(([value, label]) => ({ value, label }))}
              {...form.getInputProps('unidad')}
            />
          </Group>
          <NumberInput
            label="Aviso (días antes del vencimiento)"
            description="Desde ese día el plazo se muestra 'Por vencer'"
            required
            min={0}
            max={365}
            clampBehavior="none"
            allowDecimal={false}
            {...form.getInputProps('aviso_dias')}
          />
          <Switch label="Activo" {...form.getInputProps('activo', { type: 'checkbox' })} />
          <DialogActions onCancel={onClose} isSaving={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
