import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, PasswordInput, Select, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { IconEdit, IconKey, IconLogout, IconShieldOff } from '@tabler/icons-react';
import { AUTH_MESSAGES, passwordPairSchema, ROL, ROL_NOMBRES, TOTP, TOTP_MESSAGES, USER_MESSAGES, userCreateSchema, userUpdateSchema, type Usuario } from '@siniestros/domain';
import { ApiError } from '../../../lib/api';
import { PageTitle } from '../../../components/PageTitle';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useInspectores } from '../../../lib/lookups';
import { useResetUserTotp, useRevokeUserSessions, useSaveUser, useUsers } from '../api/users';
import { DialogActions } from '../../../components/DialogActions';
import { MoneyInput } from '../../../components/MoneyInput';
import { APROBACION_MESSAGES } from '@siniestros/domain';
import { TableHeader } from '../../../components/ListTableParts';
import { confirmAction } from '../../../lib/confirm';
import { analistaName, useAnalistasAbm } from '../../reference';

type Dialog = { kind: 'create' } | { kind: 'edit'; user: Usuario } | { kind: 'password'; user: Usuario } | { kind: 'totp'; user: Usuario } | null;

const ROL_OPTIONS = Object.entries(ROL_NOMBRES).map(([value, label]) => ({ value, label }));

export function UsersScreen() {
  const users = useUsers();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const revokeSessions = useRevokeUserSessions();
  // One's own password and second factor are changed in 'Mi cuenta', with re-authentication (docs/decisions/028).
  const ownUsername = useSession().data?.usr;
  const analistas = useAnalistasAbm();
  const analistaOf = (user: Usuario) => {
    const analista = analistas.data?.find((item) => item.id === user.id_analista);
    return analista ? analistaName(analista) : '';
  };

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
          <TableHeader cells={['ID', 'Apellido', 'Nombre', 'Username', 'Analista', 'Acciones']} />
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
                <Table.Td>{analistaOf(user)}</Table.Td>
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
                        <ActionIcon variant="subtle" color="orange" aria-label={`Quitar segundo factor de ${user.username}`} onClick={() => setDialog({ kind: 'totp', user })}>
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
      {dialog?.kind === 'totp' && <ResetTotpDialog user={dialog.user} onClose={close} />}
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

const NUEVO_ANALISTA = 'nuevo';

/**
 * Which analyst the user is (docs/decisions/083): none, a new one with their name (a new user
 * only), or an analyst without a user (plus the user's own). Not for an Inspector.
 */
function AnalistaSelect(props: { idUsuario?: number; allowNuevo: boolean; value: string; onChange: (value: string) => void; error?: unknown }) {
  const analistas = useAnalistasAbm();
  const libres = (analistas.data ?? []).filter((analista) => analista.id_usuario === null || analista.id_usuario === props.idUsuario);
  const data = [
    { value: '', label: 'No es analista' },
    ...(props.allowNuevo ? [{ value: NUEVO_ANALISTA, label: 'Nuevo analista con su nombre' }] : []),
    ...libres.map((analista) => ({ value: String(analista.id), label: analistaName(analista) })),
  ];
  return (
    <Select
      label="Analista"
      description="El analista que es este usuario: sus casos son los de 'Mis casos'"
      allowDeselect={false}
      searchable
      nothingFoundMessage="Sin resultados"
      data={data}
      value={props.value}
      onChange={(value) => props.onChange(value ?? '')}
      error={props.error as string | undefined}
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
    limite_ofrecimiento: user?.limite_ofrecimiento ?? '',
    id_analista: user?.id_analista ? String(user.id_analista) : '',
  };
  // The form holds exactly the fields of the strict schema it is validated with.
  type Values = typeof base & { password?: string; password2?: string; activo?: boolean; nuevo_analista?: boolean };
  // An Inspector is no analyst: whatever the select held is dropped.
  const toBody = (values: Values) => {
    const inspector = values.rol === String(ROL.INSPECTOR);
    return {
      ...values,
      id_inspect: values.id_inspect || null,
      id_analista: !inspector && values.id_analista ? Number(values.id_analista) : null,
      ...(values.nuevo_analista !== undefined && { nuevo_analista: !inspector && values.nuevo_analista }),
    };
  };
  const form = useForm<Values, ReturnType<typeof toBody>>({
    initialValues: isEdit ? { ...base, activo: user?.activo ?? true } : { ...base, password: '', password2: '', nuevo_analista: false },
    validate: zod4Resolver(isEdit ? userUpdateSchema : userCreateSchema),
    transformValues: toBody,
  });

  // A new user's form always holds both password fields (the create schema validated them).
  const submit = form.onSubmit((body) =>
    save.mutate(
      user ? { id: user.id, body } : { body: { ...body, password: body.password ?? '', password2: body.password2 ?? '' } },
      {
        onSuccess: () => {
          notifySuccess(isEdit ? USER_MESSAGES.updated : USER_MESSAGES.created);
          onClose();
        },
        onError: (error) => showServerErrors(error, form, 'Error al guardar el usuario'),
      },
    ),
  );
  const analistaValue = form.values.nuevo_analista ? NUEVO_ANALISTA : form.values.id_analista;
  const onAnalistaChange = (value: string) => {
    if (!isEdit) form.setFieldValue('nuevo_analista', value === NUEVO_ANALISTA);
    form.setFieldValue('id_analista', value === NUEVO_ANALISTA ? '' : value);
  };

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
          {form.values.rol === String(ROL.USER) && (
            <MoneyInput label={APROBACION_MESSAGES.limite} description={APROBACION_MESSAGES.limiteDescripcion} {...form.getInputProps('limite_ofrecimiento')} />
          )}
          {form.values.rol !== String(ROL.INSPECTOR) && (
            <AnalistaSelect idUsuario={user?.id} allowNuevo={!isEdit} value={analistaValue} onChange={onAnalistaChange} error={form.errors.id_analista} />
          )}
          {isEdit && <Switch label="Activo" {...form.getInputProps('activo', { type: 'checkbox' })} />}
          <DialogActions onCancel={onClose} isSaving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The acting Admin's own password, or a code of their second factor, typed in the dialog. */
type AdminConfirmation = { password_admin: string; totp_admin: string };
const NO_CONFIRMATION: AdminConfirmation = { password_admin: '', totp_admin: '' };

/** The body's half that proves the acting Admin is at the keyboard (docs/decisions/079). */
const confirmationOf = (values: AdminConfirmation) =>
  values.password_admin ? { password_admin: values.password_admin } : { totp_admin: values.totp_admin.trim() };

const confirmationProblem = (values: AdminConfirmation) =>
  values.password_admin || values.totp_admin.trim() ? null : USER_MESSAGES.adminReauthRequired;

/** A wrong password or code shows under its field; anything else as a notification. */
function showServerErrors(error: unknown, form: { setErrors: (errors: Record<string, string>) => void }, fallback: string) {
  if (error instanceof ApiError && error.errors.length > 0) {
    form.setErrors(Object.fromEntries(error.errors.map((item) => [item.path, item.message])));
    return;
  }
  notifyApiError(error, fallback);
}

/**
 * Setting another user's password or removing their second factor takes over their sign-in: the
 * Admin confirms with their own password, or a code when they have a second factor.
 */
function AdminConfirmationFields({ form }: { form: { getInputProps: (path: 'password_admin' | 'totp_admin') => object } }) {
  const hasTotp = useSession().data?.totp === true;
  return (
    <Stack gap="xs">
      <PasswordInput label="Su contraseña" description="Para confirmar que es usted" autoComplete="current-password" {...form.getInputProps('password_admin')} />
      {hasTotp && (
        <TextInput
          label="o un código de verificación"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TOTP.digits}
          {...form.getInputProps('totp_admin')}
        />
      )}
    </Stack>
  );
}

function PasswordDialog({ user, onClose }: { user: Usuario; onClose: () => void }) {
  const save = useSaveUser();
  const pair = passwordPairSchema(user.username);
  // The domain's one password rule, with this user's name (docs/decisions/028).
  const form = useForm({
    initialValues: { password: '', password2: '', ...NO_CONFIRMATION },
    validate: (values) => {
      const errors: Record<string, string> = {};
      const checked = pair.safeParse({ password: values.password, password2: values.password2 });
      if (!checked.success) for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= issue.message;
      const problem = confirmationProblem(values);
      if (problem) errors.password_admin = problem;
      return errors;
    },
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: user.id, body: { password: values.password, password2: values.password2, ...confirmationOf(values) } },
      {
        onSuccess: () => {
          notifySuccess(USER_MESSAGES.passwordUpdated);
          onClose();
        },
        onError: (error) => showServerErrors(error, form, 'Error al cambiar la contraseña'),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={`Cambiar contraseña de ${user.username}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput label="Contraseña" required autoComplete="new-password" data-autofocus {...form.getInputProps('password')} />
          <PasswordInput label="Repita Contraseña" required autoComplete="new-password" {...form.getInputProps('password2')} />
          <AdminConfirmationFields form={form} />
          <DialogActions onCancel={onClose} isSaving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Lost phone: the user's second factor goes, and their sessions end (docs/decisions/022, 079). */
function ResetTotpDialog({ user, onClose }: { user: Usuario; onClose: () => void }) {
  const resetTotp = useResetUserTotp();
  const form = useForm({
    initialValues: NO_CONFIRMATION,
    validate: (values) => {
      const problem = confirmationProblem(values);
      return problem ? { password_admin: problem } : {};
    },
  });
  const submit = form.onSubmit((values) =>
    resetTotp.mutate(
      { id: user.id, body: confirmationOf(values) },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || TOTP_MESSAGES.reset);
          onClose();
        },
        onError: (error) => showServerErrors(error, form, AUTH_MESSAGES.network),
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={`Quitar segundo factor de ${user.username}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{TOTP_MESSAGES.confirmReset}</Text>
          <AdminConfirmationFields form={form} />
          <DialogActions onCancel={onClose} isSaving={resetTotp.isPending} submitLabel="Quitar" />
        </Stack>
      </form>
    </Modal>
  );
}
