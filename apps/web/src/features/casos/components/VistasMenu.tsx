import { useState } from 'react';
import { Badge, Button, Menu, Text } from '@mantine/core';
import { IconBookmarks, IconChevronDown, IconDeviceFloppy, IconSettings } from '@tabler/icons-react';
import { VISTA_MESSAGES, type Vista } from '@siniestros/domain';
import { useVistas } from '../api/get-vistas';
import type { useCasosSearch } from '../hooks/use-casos-search';
import { AdministrarVistasDialog } from './AdministrarVistasDialog';
import { GuardarVistaDialog } from './GuardarVistaDialog';

/**
 * 'Vistas' (issue 44 item 1, docs/decisions/096): pick a saved view (mine, then the team's shared
 * ones), save the list on screen as a view, manage them. Picking one writes its filter to the URL.
 */
export function VistasMenu({ search }: { search: ReturnType<typeof useCasosSearch> }) {
  const { data } = useVistas();
  const [dialog, setDialog] = useState<'guardar' | 'administrar' | null>(null);
  const vistas = data?.vistas ?? [];
  const propias = vistas.filter((vista) => vista.propia);
  const compartidas = vistas.filter((vista) => !vista.propia);

  const item = (vista: Vista) => (
    <Menu.Item
      key={vista.id}
      onClick={() => search.applyValues(vista.filtro)}
      rightSection={
        vista.predeterminada ? (
          <Badge size="xs" variant="light">
            Predeterminada
          </Badge>
        ) : undefined
      }
    >
      <Text size="sm">{vista.nombre}</Text>
      {!vista.propia && (
        <Text size="xs" c="dimmed">
          {vista.autor}
        </Text>
      )}
    </Menu.Item>
  );

  return (
    <>
      <Menu position="bottom-end" width={280} shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconBookmarks size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            {VISTA_MESSAGES.menu}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {vistas.length === 0 && <Menu.Label>{VISTA_MESSAGES.sinVistas}</Menu.Label>}
          {propias.length > 0 && <Menu.Label>{VISTA_MESSAGES.propias}</Menu.Label>}
          {propias.map(item)}
          {compartidas.length > 0 && <Menu.Label>{VISTA_MESSAGES.compartidas}</Menu.Label>}
          {compartidas.map(item)}
          <Menu.Divider />
          <Menu.Item leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={() => setDialog('guardar')}>
            {`${VISTA_MESSAGES.guardar}…`}
          </Menu.Item>
          <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={() => setDialog('administrar')} disabled={!data}>
            {`${VISTA_MESSAGES.administrar}…`}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog === 'guardar' && (
        <GuardarVistaDialog filtro={search.applied} puedeCompartir={data?.puedeCompartir ?? false} onClose={() => setDialog(null)} />
      )}
      {dialog === 'administrar' && data && <AdministrarVistasDialog vistas={data} onClose={() => setDialog(null)} />}
    </>
  );
}
