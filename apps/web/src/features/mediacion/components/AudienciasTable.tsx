import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Badge, Group, Table, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { AUDIENCIA_LUGAR_LIST_MAX, formatDate, formatTime, todayIso, truncate, type Audiencia } from '@siniestros/domain';
import { EmptyTableRow } from '../../../components/ListTableParts';
import { NEW_TAB } from '../../../components/NewTab';
import classes from './AudienciasTable.module.css';

/**
 * Spec §2: Aud Nro, Fecha, Hora, Descripcion (cut at 125 characters), Acciones; the all-hearings
 * list adds the case (a link), its claim number, Compañia and an action that opens the case in a
 * new tab. Today's hearings are highlighted.
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
  const columns = showCompania ? 8 : 5;
  const today = todayIso();
  return (
    <Table.ScrollContainer minWidth={showCompania ? 1000 : 640}>
      <Table striped highlightOnHover withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {showCompania && <Table.Th w={80}>Caso</Table.Th>}
            {showCompania && <Table.Th w={130}>Reclamo Nro</Table.Th>}
            <Table.Th w={110}>Aud Nro</Table.Th>
            {showCompania && <Table.Th>Compañia</Table.Th>}
            <Table.Th w={150}>Fecha</Table.Th>
            <Table.Th w={80}>Hora</Table.Th>
            <Table.Th>Descripcion</Table.Th>
            <Table.Th w={100}>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((audiencia) => (
            <Table.Tr
              key={audiencia.id}
              className={audiencia.fechah === today ? classes.hoy : undefined}
              data-today={audiencia.fechah === today || undefined}
            >
              {showCompania && (
                <Table.Td>
                  <Anchor component={Link} to={`/casos/detalleCaso/${audiencia.id_caso}`} size="sm">
                    {audiencia.id_caso}
                  </Anchor>
                </Table.Td>
              )}
              {showCompania && <Table.Td>{audiencia.reclamo_nro ?? '-'}</Table.Td>}
              <Table.Td>{audiencia.mediacion_nro ?? '-'}</Table.Td>
              {showCompania && <Table.Td>{audiencia.compania ?? '-'}</Table.Td>}
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {formatDate(audiencia.fechah)}
                  {audiencia.fechah === today && (
                    <Badge size="sm" color="yellow.4" variant="filled" autoContrast style={{ flexShrink: 0 }}>
                      Hoy
                    </Badge>
                  )}
                </Group>
              </Table.Td>
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
                        aria-label={`Abrir caso ${audiencia.id_caso} ${NEW_TAB}`}
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
