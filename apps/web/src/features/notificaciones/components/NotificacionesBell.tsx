import { useState } from 'react';
import { ActionIcon, Badge, Menu, ScrollArea, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { NOTIFICACION_MESSAGES, notificacionesBellLabel, type Notificacion, type NotificacionesPage } from '@siniestros/domain';
import { notifyApiError } from '../../../lib/notify';
import { useNotificacionesRecientes } from '../api/get-notificaciones';
import { useMarcarLeida, useMarcarTodas } from '../api/save-notificacion';
import { NotificacionTexto, notificacionHref } from './NotificacionTexto';

/**
 * The header's bell (issue 18 item 4): the unread count in its name and badge, the newest items in
 * its menu; choosing one marks it read and opens its case. While the menu is open its rows stay as
 * they were when it opened: a notice arriving meanwhile, or a read one losing its 'Sin leer', would
 * move every row under the pointer (a click landed between rows under load). The count stays live.
 */
export function NotificacionesBell() {
  const recientes = useNotificacionesRecientes(true);
  const marcarLeida = useMarcarLeida();
  const marcarTodas = useMarcarTodas();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [shownOnOpen, setShownOnOpen] = useState<NotificacionesPage | null>(null);
  // Open: the answer at hand, or the first to come, is kept until the menu closes.
  if (isOpen && shownOnOpen === null && recientes.data) setShownOnOpen(recientes.data);
  const noLeidas = recientes.data?.no_leidas ?? 0;
  const shown = shownOnOpen ?? recientes.data;
  const items = shown?.data ?? [];

  const open = (item: Notificacion) => {
    if (item.leida === null) marcarLeida.mutate(item.id);
    void navigate(notificacionHref(item));
  };

  return (
    <Menu
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      opened={isOpen}
      onChange={(opened) => {
        setOpen(opened);
        setShownOnOpen(null);
      }}
    >
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="dark"
          size="lg"
          pos="relative"
          style={{ overflow: 'visible' }}
          aria-label={notificacionesBellLabel(noLeidas)}
        >
          <IconBell size={20} aria-hidden />
          {noLeidas > 0 && (
            // The count is in the button's name; the badge repeats it for the eye.
            <Badge
              component="span"
              aria-hidden
              size="md"
              circle={noLeidas < 10}
              color="red.8"
              pos="absolute"
              top={-5}
              right={-7}
              px={noLeidas < 10 ? 0 : 5}
            >
              {noLeidas > 99 ? '99+' : noLeidas}
            </Badge>
          )}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown maw="calc(100vw - 16px)">
        <Menu.Label>{NOTIFICACION_MESSAGES.title}</Menu.Label>
        {/* Eight long notices are taller than a laptop's screen: they scroll, 'Ver todas' stays in view. */}
        <ScrollArea.Autosize mah="calc(100dvh - 200px)" type="auto">
          {shown && items.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py="xs">
              {NOTIFICACION_MESSAGES.empty}
            </Text>
          )}
          {items.map((item) => (
            <Menu.Item key={item.id} onClick={() => open(item)}>
              <NotificacionTexto item={item} />
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
        <Menu.Divider />
        {(shown?.no_leidas ?? 0) > 0 && (
          <Menu.Item
            onClick={() =>
              marcarTodas.mutate(undefined, { onError: (error) => notifyApiError(error, 'Error al marcar las notificaciones') })
            }
          >
            {NOTIFICACION_MESSAGES.marcarTodas}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/notificaciones">
          {NOTIFICACION_MESSAGES.verTodas}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
