import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Group, Modal, Select, Stack, Switch, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import { ANALISTA_MESSAGES, analistaSchema, nombreSchema, REFERENCE_EDIT_REDIRECT_MS, REFERENCE_SCREENS, type ReferenceKind } from '@siniestros/domain';
import { ApiError } from '../../../lib/api';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { PageTitle } from '../../../components/PageTitle';
import { ListPagination, RowActionCell } from '../../../components/ListTableParts';
import { useReferenceList } from '../api/get-reference-list';
import { useSaveReference } from '../api/save-reference';
import type { ReferenceRow } from '../api/reference-endpoints';
import { useUsuariosAnalistas } from '../../users';

type Editing = { mode: 'create' } | { mode: 'edit'; row: ReferenceRow } | null;

/** Spec §2, reference-data screens: one table, a create dialog and an edit dialog per list. */
export function ReferenceScreen({ kind }: { kind: ReferenceKind }) {
  const screen = REFERENCE_SCREENS[kind];
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const list = useReferenceList(kind, page);
  const navigate = useNavigate();
  // Analysts are users (docs/decisions/083): each row shows its user and whether they take new cases.
  const isAnalistas = kind === 'analistas';

  if (list.isError) notifyOnce(kind, list.error, screen.loadError);

  return (
    <Stack>
      <PageTitle>{screen.title}</PageTitle>
      <Group>
        <Button onClick={() => setEditing({ mode: 'create' })}>{screen.newLabel}</Button>
      </Group>
      <Table striped highlightOnHover withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>ID</Table.Th>
            {screen.hasApellido && <Table.Th>Apellido</Table.Th>}
            <Table.Th>Nombre</Table.Th>
            {isAnalistas && <Table.Th>Usuario</Table.Th>}
            {isAnalistas && <Table.Th>Disponible</Table.Th>}
            <Table.Th w={100}>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data?.rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.id}</Table.Td>
              {screen.hasApellido && <Table.Td>{row.apellido}</Table.Td>}
              <Table.Td>{row.nombre}</Table.Td>
              {isAnalistas && <Table.Td>{row.usuario ?? ANALISTA_MESSAGES.sinUsuario}</Table.Td>}
              {isAnalistas && (
                <Table.Td>
                  {row.disponible === false ? (
                    <Badge color="orange" variant="light">
                      {ANALISTA_MESSAGES.ausente}
                    </Badge>
                  ) : (
                    ANALISTA_MESSAGES.disponible
                  )}
                </Table.Td>
              )}
              <RowActionCell onClick={() => setEditing({ mode: 'edit', row })}>Ver</RowActionCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ListPagination totalPages={list.data?.totalPages ?? 0} page={page} onChange={setPage} />
      {editing && (
        <ReferenceDialog
          kind={kind}
          editing={editing}
          onClose={() => setEditing(null)}
          onEdited={() => setTimeout(() => navigate(screen.route), REFERENCE_EDIT_REDIRECT_MS)}
        />
      )}
    </Stack>
  );
}

const shown = new Set<string>();
function notifyOnce(kind: string, error: unknown, fallback: string) {
  const key = `${kind}:${String(error)}`;
  if (shown.has(key)) return;
  shown.add(key);
  notifyApiError(error, fallback);
}

function ReferenceDialog({ kind, editing, onClose, onEdited }: { kind: ReferenceKind; editing: NonNullable<Editing>; onClose: () => void; onEdited: () => void }) {
  const screen = REFERENCE_SCREENS[kind];
  const save = useSaveReference(kind);
  const isEdit = editing.mode === 'edit';
  const row = isEdit ? editing.row : undefined;
  const form = useForm({
    initialValues: {
      nombre: row?.nombre ?? '',
      apellido: row?.apellido ?? '',
      id_usuario: row?.id_usuario ?? null,
      disponible: row?.disponible ?? true,
    },
    validate: zod4Resolver(screen.hasApellido ? analistaSchema : z.object(nombreSchema.shape)),
  });

  const submit = form.onSubmit((values) => {
    const input = screen.hasApellido ? values : { nombre: values.nombre };
    save.mutate(
      { id: isEdit ? editing.row.id : undefined, input },
      {
        onSuccess: () => {
          notifySuccess(isEdit ? screen.updated : screen.created);
          onClose();
          if (isEdit) onEdited();
        },
        onError: (error) => {
          // Spec §8: edit failures show the HTTP status text, create failures the error message.
          if (isEdit) notifyError(error instanceof ApiError ? error.message : screen.loadError);
          else notifyApiError(error, screen.createError);
          onClose();
          if (isEdit) onEdited();
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={isEdit ? `Editar ${screen.title}` : screen.newLabel} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {screen.hasApellido && <TextInput label="Apellido" required data-autofocus {...form.getInputProps('apellido')} />}
          <TextInput label="Nombre" required data-autofocus={!screen.hasApellido} {...form.getInputProps('nombre')} />
          {kind === 'analistas' && <AnalistaUsuarioFields form={form} />}
          <Group justify="flex-end">
            {isEdit ? (
              <Button type="submit" loading={save.isPending}>
                Guardar
              </Button>
            ) : (
              <>
                <Button variant="default" onClick={onClose}>
                  Cancelar
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Guardar Cambios
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type AnalistaUsuarioForm = {
  values: { id_usuario: number | null };
  errors: Record<string, unknown>;
  setFieldValue: (path: 'id_usuario', value: number | null) => void;
  getInputProps: (path: 'disponible', options: { type: 'checkbox' }) => object;
};

/** The analyst's user (active Admin and User users; 'Sin usuario' unlinks) and availability (docs/decisions/083). */
function AnalistaUsuarioFields({ form }: { form: AnalistaUsuarioForm }) {
  const usuarios = useUsuariosAnalistas();
  return (
    <>
      <Select
        label="Usuario"
        description="El usuario que es este analista"
        allowDeselect={false}
        searchable
        nothingFoundMessage="Sin resultados"
        data={[{ value: '', label: ANALISTA_MESSAGES.sinUsuario }, ...usuarios]}
        value={form.values.id_usuario === null ? '' : String(form.values.id_usuario)}
        onChange={(value) => form.setFieldValue('id_usuario', value ? Number(value) : null)}
        error={form.errors.id_usuario as string | undefined}
      />
      <Switch
        label={ANALISTA_MESSAGES.disponible}
        description="Sin marcar: ausente, no recibe casos nuevos por reglas ni reparto"
        {...form.getInputProps('disponible', { type: 'checkbox' })}
      />
    </>
  );
}
