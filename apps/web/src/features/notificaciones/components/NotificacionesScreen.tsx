import { useState } from 'react';
import { Alert, Anchor, Button, Flex, Group, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NOTIFICACION_MESSAGES, type Notificacion, type NotificacionPreferencias } from '@siniestros/domain';
import { ListPagination } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useNotificaciones, usePreferencias } from '../api/get-notificaciones';
import { useGuardarPreferencias, useMarcarLeida, useMarcarTodas } from '../api/save-notificacion';
import { NotificacionTexto, notificacionHref } from './NotificacionTexto';
import classes from './NotificacionesScreen.module.css';

/** The page 'Notificaciones' (/notificaciones): every item, read and unread, and the user's settings (issue 18 item 4). */
export function NotificacionesScreen() {
  const [page, setPage] = useState(1);
  const [isSoloNoLeidas, setSoloNoLeidas] = useState(false);
  const notificaciones = useNotificaciones(page, isSoloNoLeidas);
  const marcarTodas = useMarcarTodas();
  const rows = notificaciones.data?.data ?? [];
  const noLeidas = notificaciones.data?.no_leidas ?? 0;

  return (
    <>
      <PageTitle>{NOTIFICACION_MESSAGES.title}</PageTitle>
      <Group justify="space-between" mb="sm" gap="sm">
        <SegmentedControl
          aria-label="Mostrar"
          value={isSoloNoLeidas ? 'no_leidas' : 'todas'}
          onChange={(value) => {
            setSoloNoLeidas(value === 'no_leidas');
            setPage(1);
          }}
          data={[
            { value: 'todas', label: 'Todas' },
            { value: 'no_leidas', label: `Sin leer (${noLeidas})` },
          ]}
        />
        <Button
          variant="default"
          disabled={noLeidas === 0}
          loading={marcarTodas.isPending}
          onClick={() =>
            marcarTodas.mutate(undefined, {
              onSuccess: (result) => notifySuccess(result.message),
              onError: (error) => notifyApiError(error, 'Error al marcar las notificaciones'),
            })
          }
        >
          {NOTIFICACION_MESSAGES.marcarTodas}
        </Button>
      </Group>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={NOTIFICACION_MESSAGES.title}>
        {notificaciones.data && rows.length === 0 && (
          <Text component="li" c="dimmed" ta="center" py="md">
            {isSoloNoLeidas ? NOTIFICACION_MESSAGES.emptyNoLeidas : NOTIFICACION_MESSAGES.empty}
          </Text>
        )}
        {rows.map((item) => (
          <NotificacionFila key={item.id} item={item} />
        ))}
      </Stack>
      <ListPagination totalPages={notificaciones.data?.totalPages ?? 0} page={page} onChange={setPage} />
      <Preferencias />
    </>
  );
}

function NotificacionFila({ item }: { item: Notificacion }) {
  const marcarLeida = useMarcarLeida();
  const isUnread = item.leida === null;
  return (
    <Paper component="li" withBorder p="sm" className={isUnread ? classes.sinLeer : undefined}>
      {/* Side by side from 'sm' up; on a phone the actions go under the text, the same for every item. */}
      <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <NotificacionTexto item={item} />
        </div>
        <Group gap="xs" wrap="nowrap">
          {item.id_caso && (
            <Anchor component={Link} to={notificacionHref(item)} fz="sm" onClick={() => isUnread && marcarLeida.mutate(item.id)}>
              {`Ver caso ${item.id_caso}`}
            </Anchor>
          )}
          {isUnread && (
            <Button size="compact-sm" variant="default" loading={marcarLeida.isPending} onClick={() => marcarLeida.mutate(item.id)}>
              Marcar como leída
            </Button>
          )}
        </Group>
      </Flex>
    </Paper>
  );
}

/** The daily digest (the analyst a user is, is the Admin's link in Usuarios: docs/decisions/083). */
function Preferencias() {
  const preferencias = usePreferencias();
  return (
    <Paper withBorder p="md" mt="xl" component="section" aria-labelledby="notificaciones-preferencias">
      <Title order={2} size="h4" id="notificaciones-preferencias" mb="sm">
        Preferencias
      </Title>
      {preferencias.data && <PreferenciasForm key={JSON.stringify(preferencias.data)} initial={preferencias.data} />}
    </Paper>
  );
}

function PreferenciasForm({ initial }: { initial: NotificacionPreferencias }) {
  const guardar = useGuardarPreferencias();
  const [isResumen, setResumen] = useState(initial.resumen_diario);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        guardar.mutate(
          { resumen_diario: isResumen },
          {
            onSuccess: (saved) => notifySuccess(saved.message),
            onError: (error) => notifyApiError(error, 'Error al guardar las preferencias'),
          },
        );
      }}
    >
      <Stack gap="md" maw={520}>
        <Switch
          label={NOTIFICACION_MESSAGES.resumenDiario}
          description={NOTIFICACION_MESSAGES.resumenDescripcion(initial.correo)}
          checked={isResumen}
          onChange={(event) => setResumen(event.currentTarget.checked)}
        />
        {isResumen && !initial.correo_configurado && (
          <Alert color="yellow" variant="light">
            {NOTIFICACION_MESSAGES.resumenSinCorreo}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={guardar.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
