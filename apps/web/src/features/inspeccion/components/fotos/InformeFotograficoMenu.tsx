import { Button, Menu } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { INSPECCION_FOTOS, INSPECCION_FOTOS_TEXTOS as T } from '@siniestros/domain';
import { informeFotograficoUrl } from '../../api/informe-fotografico';

/** 'Informe fotográfico' of a closed inspection: 1, 2 or 4 photos a page, each opening the PDF in a new tab. */
export function InformeFotograficoMenu({ idInspeccion }: { idInspeccion: number }) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" leftSection={<IconPhoto size={14} />} aria-label={`${T.informe} de la inspección ${idInspeccion}`}>
          {T.informe}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {INSPECCION_FOTOS.porPagina.map((porPagina) => (
          <Menu.Item key={porPagina} component="a" href={informeFotograficoUrl(idInspeccion, porPagina)} target="_blank" rel="noopener">
            {T.porPagina(porPagina)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
