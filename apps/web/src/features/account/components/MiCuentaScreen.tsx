import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, PasswordInput, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useNavigate } from 'react-router';
import {
  AUTH_MESSAGES,
  formatDateTime,
  LOGOUT_DELAY_MS,
  passwordChangeSchema,
  ROL_NOMBRES,
  SESSION_MESSAGES,
  USER_MESSAGES,
  type Rol,
  type SesionActiva,
} from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { EmptyTableRow, ListPagination, TableHeader } from '../../../components/ListTableParts';
import { ApiError } from '../../../lib/api';
import { confirmAction } from '../../../lib/confirm';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { TotpDialog } from '../../auth';
import { AparienciaCard } from '../../preferencias';
import { useChangePassword } from '../api/change-password';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';

/**
 * 'Mi cuenta' (docs/decisions/028), for every role: the user's own password, second factor and
 * sessions. Someone who must enrol a second factor first sees only that.
 */
export function MiCuentaScreen() {
  const session = useSession();
  const [isTotpOpen, setTotpOpen] = useState(false);
  const user = session.data;
  if (!user) return null;
  const mustEnrol = user.totp_required === true && user.totp === false;

  return (
    <Stack>
      <PageTitle>Mi cuenta</PageTitle>
      <Text size="sm" c="dimmed" data-testid="account-user">
        {user.usr} · {ROL_NOMBRES[user.rol as Rol] ?? user.rol}
      </Text>
      {mustEnrol && (
        <Alert color="orange" role="alert">
          {AUTH_MESSAGES.totpSetupRequired}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: mustEnrol ? 1 : 2 }} spacing="md">
        {!mustEnrol && <PasswordCard username={user.usr} />}
        <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="totp-title">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Title order={3} size="h4" id="totp-title">
                Verificación en dos pasos
              </Title>
              <Badge color={user.totp ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                {user.totp ? 'Activa' : 'No activa'}
              </Badge>
            </Group>
            <Text size="sm">
              Además de la contraseña, pide un código de una aplicación de autenticación del teléfono.
              {user.totp_required ? ' Es obligatoria para su tipo de usuario.' : ''}
            </Text>
            <Group justify="flex-end">
              <Button variant={user.totp ? 'default' : 'filled'} onClick={() => setTotpOpen(true)}>
                {user.totp ? 'Administrar' : 'Activar'}
              </Button>
            </Group>
          </Stack>
        </Card>
        {!mustEnrol && <AparienciaCard />}
      </SimpleGrid>
      {!mustEnrol && <SessionsCard />}
      <TotpDialog opened={isTotpOpen} onClose={() => setTotpOpen(false)} isRequired={mustEnrol} onEnabled={() => undefined} />
    </Stack>
  );
}

function PasswordCard({ username }: { username: string }) {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { password_actual: '', password: '', password2: '' },
    validate: zod4Resolver(passwordChangeSchema(username)),
  });

  const submit = form.onSubmit((body) =>
    change.mutate(body, {
      onSuccess: (result) => {
        notifySuccess(result.message || USER_MESSAGES.passwordUpdated);
        form.reset();
      },
      onError: (error) => {
        // A wrong current password, or a rule only the server knows, shows under its field.
        if (error instanceof ApiError && error.errors.length > 0) {
          form.setErrors(Object.fromEntries(error.errors.map((item) => [item.path, item.message])));
          return;
        }
        notifyApiError(error, 'Error al cambiar la contraseña');
      },
    }),
  );

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4" id="password-title">
            Cambiar contraseña
          </Title>
          <PasswordInput
            label="Contraseña actual"
            required
            autoComplete="current-password"
            {...form.getInputProps('password_actual')}
          />
          <PasswordInput label="Nueva contraseña" required autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput label="Repita la nueva contraseña" required autoComplete="new-password" {...form.getInputProps('password2')} />
          <Text size="xs" c="dimmed">
            Al menos 8 caracteres; ni su usuario ni una contraseña común. Sus otras sesiones se cerrarán.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Cambiar contraseña
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SessionsCard() {
  const [page, setPage] = useState(1);
  const sessions = useSessions(page);
  const revoke = useRevokeSession();
  const navigate = useNavigate();
  const rows = sessions.data?.data ?? [];
  // A phone gets one block per session instead of a table wider than the screen.
  const isNarrow = useMediaQuery('(max-width: 40em)', undefined, { getInitialValueInEffect: false });

  const onRevoke = (row: SesionActiva) =>
    confirmAction(row.actual ? SESSION_MESSAGES.confirmRevokeCurrent : SESSION_MESSAGES.confirmRevoke, () =>
      revoke.mutate(
        { id: row.id, isCurrent: row.actual },
        {
          onSuccess: (result) => {
            notifySuccess(result.message || SESSION_MESSAGES.revoked);
            if (row.actual) setTimeout(() => navigate('/', { replace: true }), LOGOUT_DELAY_MS);
          },
          onError: (error) => notifyApiError(error, AUTH_MESSAGES.network),
        },
      ),
    );

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="sessions-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="sessions-title">
          Sesiones activas
        </Title>
        <Text size="sm" c="dimmed">
          Los navegadores donde su usuario tiene la sesión abierta. Cierre las que no reconozca.
        </Text>
        {sessions.isPending ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : sessions.isError ? (
          <Text size="sm" c="red" role="alert">
            {sessions.error.message}
          </Text>
        ) : isNarrow ? (
          <Stack component="ul" aria-label="Sesiones activas" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.length === 0 && (
              <Text component="li" size="sm" c="dimmed" ta="center" py="md">
                {SESSION_MESSAGES.empty}
              </Text>
            )}
            {rows.map((row) => (
              <Card component="li" key={row.id} withBorder padding="sm" radius="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} miw={0}>
                    <Text size="sm" fw={500} truncate>
                      {row.dispositivo}
                    </Text>
                    {row.actual && <CurrentBadge />}
                    <Text size="xs" c="dimmed">
                      Dirección {row.ip ?? '—'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Inicio {formatDateTime(row.creado)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Último uso {formatDateTime(row.ultimo_uso)}
                    </Text>
                  </Stack>
                  <RevokeButton row={row} onClick={() => onRevoke(row)} />
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder verticalSpacing="xs" aria-label="Sesiones activas">
              <TableHeader cells={['Dispositivo', 'Dirección', 'Inicio', 'Último uso', '']} />
              <Table.Tbody>
                {rows.length === 0 && <EmptyTableRow colSpan={5}>{SESSION_MESSAGES.empty}</EmptyTableRow>}
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-current={row.actual || undefined}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {row.dispositivo}
                      </Text>
                      {row.actual && <CurrentBadge mt={4} />}
                    </Table.Td>
                    <Table.Td>{row.ip ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.creado)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.ultimo_uso)}</Table.Td>
                    <Table.Td ta="right">
                      <RevokeButton row={row} onClick={() => onRevoke(row)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPagination totalPages={sessions.data?.totalPages ?? 0} page={page} onChange={setPage} />
      </Stack>
    </Card>
  );
}

function CurrentBadge({ mt }: { mt?: number }) {
  return (
    <Badge size="xs" variant="light" mt={mt} style={{ flexShrink: 0, overflow: 'visible' }}>
      Esta sesión
    </Badge>
  );
}

function RevokeButton({ row, onClick }: { row: SesionActiva; onClick: () => void }) {
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      style={{ flexShrink: 0 }}
      onClick={onClick}
      aria-label={`Cerrar sesión ${row.dispositivo}${row.actual ? ' (esta sesión)' : ''}`}
    >
      Cerrar sesión
    </Button>
  );
}
