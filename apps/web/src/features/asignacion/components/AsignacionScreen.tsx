import { useEffect } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Switch, Table, Text, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { ANALISTA_MESSAGES, ASIGNACION_MESSAGES, type ReglaAsignacion } from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { TableHeader } from '../../../components/ListTableParts';
import { confirmAction } from '../../../lib/confirm';
import { useCompanias, useProductos } from '../../../lib/lookups';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { analistaName, useAnalistasAbm } from '../../reference';
import { useUsuariosAnalistas } from '../../users';
import { useAjustesAsignacion, useCrearRegla, useEliminarRegla, useGuardarAjustes, useReglasAsignacion } from '../api/asignacion';

/** 'Asignación de casos' (/asignacion, Admin): who gets a new case without an analyst (issue 41 item 3, docs/decisions/083). */
export function AsignacionScreen() {
  return (
    <Stack>
      <PageTitle>{ASIGNACION_MESSAGES.title}</PageTitle>
      <ReglasCard />
      <AjustesCard />
    </Stack>
  );
}

const cualquiera = (nombre: string | null) => nombre ?? ASIGNACION_MESSAGES.cualquiera;

function ReglasCard() {
  const reglas = useReglasAsignacion();
  const eliminar = useEliminarRegla();
  const onEliminar = (regla: ReglaAsignacion) =>
    confirmAction(`¿Eliminar la regla ${cualquiera(regla.compania)} · ${cualquiera(regla.producto)} → ${regla.analista}?`, () =>
      eliminar.mutate(regla.id, {
        onSuccess: (result) => notifySuccess(result.message || ASIGNACION_MESSAGES.reglaEliminada),
        onError: (error) => notifyApiError(error, 'Error al eliminar la regla'),
      }),
    );
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          {ASIGNACION_MESSAGES.reglas}
        </Title>
        <Text size="sm" c="dimmed">
          {ASIGNACION_MESSAGES.reglasDescripcion}
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder aria-label={ASIGNACION_MESSAGES.reglas}>
            <TableHeader cells={['Compañía', 'Producto', 'Analista', 'Acciones']} />
            <Table.Tbody>
              {reglas.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      Sin reglas
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {reglas.data?.map((regla) => (
                <Table.Tr key={regla.id}>
                  <Table.Td>{cualquiera(regla.compania)}</Table.Td>
                  <Table.Td>{cualquiera(regla.producto)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {regla.analista}
                      {!regla.disponible && (
                        <Badge color="orange" variant="light" size="sm">
                          {ANALISTA_MESSAGES.ausente}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="Eliminar">
                      <ActionIcon variant="subtle" color="red" aria-label={`Eliminar la regla de ${regla.analista}`} onClick={() => onEliminar(regla)}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <NuevaReglaForm />
      </Stack>
    </Card>
  );
}

const ANY = '';
const withCualquiera = (items: { id: number; nombre: string }[] | undefined) => [
  { value: ANY, label: ASIGNACION_MESSAGES.cualquiera },
  ...(items ?? []).map((item) => ({ value: String(item.id), label: item.nombre })),
];

function NuevaReglaForm() {
  const companias = useCompanias();
  const productos = useProductos();
  const analistas = useAnalistasAbm();
  const crear = useCrearRegla();
  const form = useForm({ initialValues: { id_compania: ANY, id_producto: ANY, id_analista: '' } });
  const submit = form.onSubmit((values) => {
    form.clearErrors();
    if (!values.id_analista) return form.setFieldError('id_analista', 'Seleccione un analista');
    crear.mutate(
      { id_compania: values.id_compania || null, id_producto: values.id_producto || null, id_analista: Number(values.id_analista) },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || ASIGNACION_MESSAGES.reglaCreada);
          form.reset();
        },
        onError: (error) => notifyApiError(error, 'Error al crear la regla'),
      },
    );
  });
  const analistaOptions = (analistas.data ?? []).map((analista) => ({
    value: String(analista.id),
    label: analista.disponible ? analistaName(analista) : `${analistaName(analista)} (${ANALISTA_MESSAGES.ausente})`,
  }));
  return (
    <form onSubmit={submit} noValidate aria-label="Nueva regla">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Nueva regla
        </Title>
        <Group align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
          <Select label="Compañía" allowDeselect={false} searchable miw={180} data={withCualquiera(companias.data)} {...form.getInputProps('id_compania')} />
          <Select label="Producto" allowDeselect={false} searchable miw={180} data={withCualquiera(productos.data)} {...form.getInputProps('id_producto')} />
          <Select
            label="Analista"
            required
            searchable
            miw={180}
            placeholder="Seleccione un analista"
            nothingFoundMessage="Sin resultados"
            data={analistaOptions}
            {...form.getInputProps('id_analista')}
          />
          <Button type="submit" loading={crear.isPending} maw={160}>
            Agregar regla
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AjustesCard() {
  const ajustes = useAjustesAsignacion();
  const usuarios = useUsuariosAnalistas();
  const guardar = useGuardarAjustes();
  const form = useForm({ initialValues: { reparto_automatico: false, id_usuario_respaldo: '' } });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!ajustes.data) return;
    const values = { reparto_automatico: ajustes.data.reparto_automatico, id_usuario_respaldo: ajustes.data.id_usuario_respaldo ? String(ajustes.data.id_usuario_respaldo) : '' };
    setValues(values);
    resetDirty(values);
    // Only a fresh read of the settings resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ajustes.data]);
  const submit = form.onSubmit((values) =>
    guardar.mutate(
      { reparto_automatico: values.reparto_automatico, id_usuario_respaldo: values.id_usuario_respaldo || null },
      {
        onSuccess: (result) => notifySuccess(result.message || ASIGNACION_MESSAGES.ajustesGuardados),
        onError: (error) => notifyApiError(error, 'Error al guardar los ajustes'),
      },
    ),
  );
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate aria-label="Ajustes de asignación">
        <Stack>
          <Title order={2} size="h4">
            Ajustes
          </Title>
          <Switch
            label={ASIGNACION_MESSAGES.reparto}
            description={ASIGNACION_MESSAGES.repartoDescripcion}
            {...form.getInputProps('reparto_automatico', { type: 'checkbox' })}
          />
          <Select
            label={ASIGNACION_MESSAGES.respaldo}
            description={ASIGNACION_MESSAGES.respaldoDescripcion}
            allowDeselect={false}
            searchable
            nothingFoundMessage="Sin resultados"
            data={[{ value: '', label: 'Sin respaldo' }, ...usuarios]}
            {...form.getInputProps('id_usuario_respaldo')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={guardar.isPending} disabled={!ajustes.data}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
