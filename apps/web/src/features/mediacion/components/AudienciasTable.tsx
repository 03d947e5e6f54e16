import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Group, Table, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { AUDIENCIA_LUGAR_LIST_MAX, formatDate, formatTime, truncate, type Audiencia } from '@siniestros/domain';
import { EmptyTableRow } from '../../../components/ListTableParts';

/**
 * Spec §2: Aud Nro, Fecha, Hora, Descripcion (cut at 125 characters), Acciones; the all-hearings
 * list adds Compañia and an action that opens the case in a new tab.
 */
export function AudienciasTable({
  rows,
  empty,
  showCompania = false,
  onEdit,
}: {
  rows: Audiencia[];
  empty: ReactNode | null;
  showCompania?: boolean;
  onEdit: (audiencia: Audiencia) => void;
}) {
  const columns = showCompania ? 6 : 5;
  return (
    <Table.ScrollContainer minWidth={showCompania ? 860 : 640}>
      <Table striped highlightOnHover withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Aud Nro</Table.Th>
            {showCompania && <Table.Th>Compañia</Table.Th>}
            <Table.Th w={110}>Fecha</Table.Th>
            <Table.Th w={80}>Hora</Table.Th>
            <Table.Th>Descripcion</Table.Th>
            <Table.Th w={100}>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((audiencia) => (
            <Table.Tr key={audiencia.id}>
              <Table.Td>{audiencia.mediacion_nro ?? '-'}</Table.Td>
              {showCompania && <Table.Td>{audiencia.compania ?? '-'}</Table.Td>}
              <Table.Td>{formatDate(audiencia.fechah)}</Table.Td>
              <Table.Td>{formatTime(audiencia.hora)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{truncate(audiencia.lugar, AUDIENCIA_LUGAR_LIST_MAX)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Anchor component="button" type="button" onClick={() => onEdit(audiencia)} mr="xs">
                    Ver
                  </Anchor>
                  {showCompania && (
                    <Tooltip label={`Abrir caso ${audiencia.id_caso}`}>
                      <ActionIcon
                        variant="subtle"
                        component="a"
                        href={`/casos/detalleCaso/${audiencia.id_caso}`}
                        target="_blank"
                        rel="noopener"
                        aria-label={`Abrir caso ${audiencia.id_caso}`}
                      >
                        <IconExternalLink size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {empty && rows.length === 0 && <EmptyTableRow colSpan={columns}>{empty}</EmptyTableRow>}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
