import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Center, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  formatDate,
  INSPECCION_MESSAGES,
  INSPECCION_RESULTADO_LIST_MAX,
  isInspeccionPending,
  ROL,
  truncate,
  type Inspeccion,
} from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { useSession } from '../../../lib/session';
import { inspectorName } from '../../../lib/lookups';
import { useMisInspecciones } from '../api/get-mis-inspecciones';
import { EstadoBadge } from './EstadoBadge';
import { AgendaInspector } from './AgendaInspector';
import { CardLine } from './CardLine';
import { TableHeader } from '../../../components/ListTableParts';

const detalleUrl = (inspeccion: Inspeccion) => `/inspecciones/detalleInspeccion/${inspeccion.id}`;
const nameOf = (inspeccion: Inspeccion) =>
  inspectorName({ apellido: inspeccion.inspector_apellido, nombre: inspeccion.inspector_nombre }) || '-';
const resultadoOf = (inspeccion: Inspeccion) => truncate(inspeccion.resultado, INSPECCION_RESULTADO_LIST_MAX) || '-';

/**
 * Spec §2, my inspections. The Inspector role gets the agenda (issue 43 item 1, docs/decisions/086);
 * the office roles, who may also have an `id_inspect`, the spec's list as it was. `now`: the
 * agenda's clock (tests pass a fixed one).
 */
export function MisInspeccionesScreen({ now }: { now?: () => Date } = {}) {
  const session = useSession();
  if (session.data?.rol === ROL.INSPECTOR)
    return (
      <Stack gap={0}>
        <PageTitle>Mis Inspecciones</PageTitle>
        <AgendaInspector now={now} />
      </Stack>
    );
  return <ListaInspecciones />;
}

/**
 * Spec §2, my inspections: only the signed-in inspector's (their `id_inspect`); the open-detail
 * action only while Coordinada or Licitando. Small screens get cards below 48em.
 */
function ListaInspecciones() {
  const session = useSession();
  const idInspect = session.data?.id_inspect;
  const [page, setPage] = useState(1);
  const list = useMisInspecciones(idInspect, page);
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  const rows = list.data?.data ?? [];
  const totalPages = list.data?.totalPages ?? 0;

  let content: React.ReactNode;
  if (session.isSuccess && !idInspect) content = <Text c="dimmed">{INSPECCION_MESSAGES.notLinked}</Text>;
  else if (list.isPending)
    content = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  else if (rows.length === 0)
    content = (
      <Text ta="center" c="dimmed" py="md">
        {INSPECCION_MESSAGES.empty}
      </Text>
    );
  else content = isPhone ? <InspeccionCards rows={rows} /> : <InspeccionTable rows={rows} />;

  return (
    <Stack>
      <PageTitle>Mis Inspecciones</PageTitle>
      {content}
      {totalPages > 1 && (
        <Center>
          <Pagination total={totalPages} value={page} onChange={setPage} siblings={1} boundaries={1} size={isPhone ? 'sm' : 'md'} />
        </Center>
      )}
    </Stack>
  );
}

function OpenDetail({ inspeccion, fullWidth }: { inspeccion: Inspeccion; fullWidth?: boolean }) {
  if (!isInspeccionPending(inspeccion.estado)) return null;
  return (
    <Button component={Link} to={detalleUrl(inspeccion)} size="xs" fullWidth={fullWidth} aria-label={`Ver inspeccion ${inspeccion.id}`}>
      Ver
    </Button>
  );
}

function InspeccionTable({ rows }: { rows: Inspeccion[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover withTableBorder>
        <TableHeader cells={['Caso', 'Fecha', 'Direccion', 'Inspector', 'Estado', 'Resultado', 'Acciones']} />
        <Table.Tbody>
          {rows.map((inspeccion) => (
            <Table.Tr key={inspeccion.id}>
              <Table.Td>{inspeccion.id_caso}</Table.Td>
              <Table.Td>{formatDate(inspeccion.fecha_inspeccion)}</Table.Td>
              <Table.Td>{inspeccion.direccion}</Table.Td>
              <Table.Td>{nameOf(inspeccion)}</Table.Td>
              <Table.Td>
                <EstadoBadge estado={inspeccion.estado} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{resultadoOf(inspeccion)}</Table.Td>
              <Table.Td>
                <OpenDetail inspeccion={inspeccion} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function InspeccionCards({ rows }: { rows: Inspeccion[] }) {
  return (
    <Stack gap="sm" role="list" aria-label="Inspecciones">
      {rows.map((inspeccion) => (
        <Card key={inspeccion.id} withBorder padding="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Text fw={700}>Caso {inspeccion.id_caso}</Text>
            <EstadoBadge estado={inspeccion.estado} />
          </Group>
          <CardLine label="Fecha">{formatDate(inspeccion.fecha_inspeccion)}</CardLine>
          <CardLine label="Direccion">{inspeccion.direccion}</CardLine>
          <CardLine label="Inspector">{nameOf(inspeccion)}</CardLine>
          {inspeccion.resultado && <CardLine label="Resultado">{resultadoOf(inspeccion)}</CardLine>}
          {isInspeccionPending(inspeccion.estado) && (
            <Group mt="xs">
              <OpenDetail inspeccion={inspeccion} fullWidth />
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}
