import { Group, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime, notificacionDetalle, notificacionTitulo, todayIso, type Notificacion } from '@siniestros/domain';

/** Where an item leads: the case (its tasks and clocks are on its detail). */
export const notificacionHref = (item: Notificacion) => (item.id_caso ? `/casos/detalleCaso/${item.id_caso}` : '/notificaciones');

/** An item's words, as the bell and the page show them: an unread one in bold, said so to a screen reader. */
export function NotificacionTexto({ item }: { item: Notificacion }) {
  const isUnread = item.leida === null;
  return (
    <div>
      <Group gap={6} wrap="nowrap" align="center">
        {isUnread && (
          <span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: 'var(--mantine-color-blue-7)', flexShrink: 0 }} />
        )}
        <Text size="sm" fw={isUnread ? 700 : 500}>
          {isUnread && <VisuallyHidden>Sin leer: </VisuallyHidden>}
          {notificacionTitulo(item, todayIso())}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {notificacionDetalle(item)}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(item.creada)}
      </Text>
    </div>
  );
}
