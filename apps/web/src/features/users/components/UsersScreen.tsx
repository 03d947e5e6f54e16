import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, PasswordInput, Select, Stack, Switch, Table, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { IconEdit, IconKey, IconLogout, IconShieldOff } from '@tabler/icons-react';
import { AUTH_MESSAGES, passwordPairSchema, ROL, ROL_NOMBRES, TOTP_MESSAGES, USER_MESSAGES, userCreateSchema, userUpdateSchema, type Usuario } from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useInspectores } from '../../../lib/lookups';
import { useResetUserTotp, useRevokeUserSessions, useSaveUser, useUsers, type UserPayload } from '../api/users';
import { DialogActions } from '../../../components/DialogActions';
import { TableHeader } from '../../../components/ListTableParts';
import { confirmAction } from '../../../lib/confirm';

type Dialog = { kind: 'create' } | { kind: 'edit'; user: Usuario } | { kind: 'password'; user: Usuario } | null;

const ROL_OPTIONS = Object.entries(ROL_NOMBRES).map(([value, label]) => ({ value, label }));

export function UsersScreen() {
  const users = useUsers();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const resetTotp = useResetUserTotp();
  const revokeSessions = useRevokeUserSessions();
  // One's own password and second factor are changed in 'Mi cuenta', with re-authentication (docs/decisions/028).
  const ownUsername = useSession().data?.usr;

  const onResetTotp = (user: Usuario) =>
    confirmAction(TOTP_MESSAGES.confirmReset, () =>
      resetTotp.mutate(user.id, {
        onSuccess: (result) => notifySuccess(result.message || TOTP_MESSAGES.reset),
        onError: (error) => notifyApiError(error, AUTH_MESSAGES.network),
      }),
    );

  const onRevokeSessions = (user: Usuario) =>
    confirmAction(AUTH_MESSAGES.confirmRevokeSessions, () =>
      revokeSessions.mutate(user.id, {
        onSuccess: (result) => notifySuccess(result.message || AUTH_MESSAGES.sessionsRevoked),
        onError: (error) => notifyApiError(error, AUTH_MESSAGES.network),
      }),
    );

  return (
    <Stack>
      <PageTitle>Usuarios</PageTitle>
      <Group>
        <Button onClick={() => setDialog({ kind: 'create' })}>Nuevo Usuario</Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover withTableBorder>
          <TableHeader cells={['ID', 'Apellido', 'Nombre', 'Username', 'Acciones']} />
          <Table.Tbody>
            {users.data?.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.id}</Table.Td>
                <Table.Td>{user.apellido}</Table.Td>
                <Table.Td>{user.nombre}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {user.username}
                    <Badge variant="light" size="sm">
                      {ROL_NOMBRES[user.rol as keyof typeof ROL_NOMBRES] ?? user.rol}
                    </Badge>
                    {!user.activo && (
                      <Badge color="gray" size="sm">
                        Inactivo
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Tooltip label="Editar">
                      <ActionIcon variant="subtle" aria-label={`Editar ${user.username}`} onClick={() => setDialog({ kind: 'edit', user })}>
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                    {user.username !== ownUsername && (
                      <Tooltip label="Cambiar contraseña">
                        <ActionIcon variant="subtle" aria-label={`Cambiar contraseña de ${user.username}`} onClick={() => setDialog({ kind: 'password', user })}>
                          <IconKey size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {user.totp && user.username !== ownUsername && (
                      <Tooltip label="Quitar segundo factor">
                        <ActionIcon variant="subtle" color="orange" aria-label={`Quitar segundo factor de ${user.username}`} onClick={() => onResetTotp(user)}>
                          <IconShieldOff size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label="Cerrar sesiones">
                      <ActionIcon variant="subtle" color="red" aria-label={`Cerrar sesiones de ${user.username}`} onClick={() => onRevokeSessions(user)}>
                        <IconLogout size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {dialog?.kind === 'create' && <UserDialog onClose={close} />}
      {dialog?.kind === 'edit' && <UserDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'password' && <PasswordDialog user={dialog.user} onClose={close} />}
    </Stack>
  );
}

function InspectorSelect(props: { value: string; onChange: (value: string) => void }) {
  const inspectores = useInspectores();
  return (
    <Select
      label="Inspector vinculado"
      description="Vacío: se crea un inspector con el nombre del usuario"
      clearable
      data={(inspectores.data ?? []).map((item) => ({ value: String(item.id), label: `${item.apellido} ${item.nombre}` }))}
      value={props.value || null}
      onChange={(value) => props.onChange(value ?? '')}
    />
  );
}

function UserDialog({ user, onClose }: { user?: Usuario; onClose: () => void }) {
  const save = useSaveUser();
  const isEdit = Boolean(user);
  const base = {
    apellido: user?.apellido ?? '',
    nombre: user?.nombre ?? '',
    username: user?.username ?? '',
    rol: user ? String(user.rol) : '',
    id_inspect: user?.id_inspect ? String(user.id_inspect) : '',
  };
  // The form holds exactly the fields of the strict schema it is validated with.
  type Values = typeof base & { password?: string; password2?: string; activo?: boolean };
  const form = useForm<Values, UserPayload>({
    initialValues: isEdit ? { ...base, activo: user?.activo ?? true } : { ...base, password: '', password2: '' },
    validate: zod4Resolver(isEdit ? userUpdateSchema : userCreateSchema),
    transformValues: (values): UserPayload => ({ ...values, id_inspect: values.id_inspect || null }),
  });

  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: user?.id, body },
      {
        onSuccess: () => {
          notifySuccess(isEdit ? USER_MESSAGES.updated : USER_MESSAGES.created);
          onClose();
        },
        onError: (error) => notifyApiError(error, 'Error al guardar el usuario'),
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={isEdit ? 'Editar Usuario' : 'Nuevo Usuario'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Apellido" required data-autofocus {...form.getInputProps('apellido')} />
          <TextInput label="Nombre" required {...form.getInputProps('nombre')} />
          <TextInput label="Username" type="email" required {...form.getInputProps('username')} />
          {!isEdit && (
            <>
              <PasswordInput label="Contraseña" required autoComplete="new-password" {...form.getInputProps('password')} />
              <PasswordInput label="Repita Contraseña" required autoComplete="new-password" {...form.getInputProps('password2')} />
            </>
          )}
          <Select label="Tipo de Usuario" required data={ROL_OPTIONS} {...form.getInputProps('rol')} />
          {form.values.rol === String(ROL.INSPECTOR) && (
            <InspectorSelect value={form.values.id_inspect} onChange={(value) => form.setFieldValue('id_inspect', value)} />
          )}
          {isEdit && <Switch label="Activo" {...form.getInputProps('activo', { type: 'checkbox' })} />}
          <DialogActions onCancel={onClose} isSaving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function PasswordDialog({ user, onClose }: { user: Usuario; onClose: () => void }) {
  const save = useSaveUser();
  // The domain's one password rule, with this user's name (docs/decisions/028).
  const form = useForm({ initialValues: { password: '', password2: '' }, validate: zod4Resolver(passwordPairSchema(user.username)) });
  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          notifySuccess(USER_MESSAGES.passwordUpdated);
          onClose();
        },
        onError: (error) => notifyApiError(error, 'Error al cambiar la contraseña'),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={`Cambiar contraseña de ${user.username}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput label="Contraseña" required autoComplete="new-password" data-autofocus {...form.getInputProps('password')} />
          <PasswordInput label="Repita Contraseña" required autoComplete="new-password" {...form.getInputProps('password2')} />
          <DialogActions onCancel={onClose} isSaving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
