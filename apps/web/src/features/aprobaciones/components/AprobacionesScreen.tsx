import { useState } from 'react';
import { Anchor, Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APROBACION_MESSAGES, APROBACION_TIPOS, formatDate, formatPesos, type Aprobacion } from '@siniestros/domain';
import { EmptyTableRow, ListPagination, TableHeader } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { useAprobaciones } from '../api/get-aprobaciones';

const casoLink = (aprobacion: Aprobacion) => (
  <Anchor component={Link} to={`/casos/detalleCaso/${aprobacion.id_caso}`}>
    {`Siniestro ${aprobacion.reclamo_nro}`}
  </Anchor>
);

const quien = (aprobacion: Aprobacion) =>
  aprobacion.puede_resolver ? (
    <Badge color="yellow" variant="light">
      Puede aprobarla
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      Espera a otro aprobador
    </Text>
  );

/**
 * 'Aprobaciones pendientes' (/aprobaciones, docs/decisions/081): the offers waiting that the user
 * may resolve or made, oldest first; each links to its case, where they are approved or rejected.
 */
export function AprobacionesScreen() {
  const [page, setPage] = useState(1);
  const aprobaciones = useAprobaciones('pendiente', page);
  const rows = aprobaciones.data?.data ?? [];
  return (
    <>
      <PageTitle>{APROBACION_MESSAGES.titulo}</PageTitle>
      {/* A phone reads one card per request; wider screens the table. */}
      <Stack gap="xs" hiddenFrom="sm">
        {aprobaciones.data && rows.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {APROBACION_MESSAGES.vacio}
          </Text>
        )}
        {rows.map((aprobacion) => (
          <Paper
            key={aprobacion.id}
            withBorder
            p="sm"
            component="article"
            aria-label={`${APROBACION_TIPOS[aprobacion.tipo]} del siniestro ${aprobacion.reclamo_nro}`}
          >
            <Text fw={600}>{`${APROBACION_TIPOS[aprobacion.tipo]} de ${formatPesos(aprobacion.monto)}`}</Text>
            <Text size="sm">{casoLink(aprobacion)}</Text>
            <Text size="sm" c="dimmed">{`Solicitado por ${aprobacion.solicitado_por} el ${formatDate(aprobacion.solicitada)}`}</Text>
            {quien(aprobacion)}
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped highlightOnHover aria-label={APROBACION_MESSAGES.titulo}>
          <TableHeader cells={['Caso', 'Tipo', 'Monto', 'Solicitado por', 'Fecha', 'Aprobación']} />
          <Table.Tbody>
            {aprobaciones.data && rows.length === 0 && <EmptyTableRow colSpan={6}>{APROBACION_MESSAGES.vacio}</EmptyTableRow>}
            {rows.map((aprobacion) => (
              <Table.Tr key={aprobacion.id}>
                <Table.Td>{casoLink(aprobacion)}</Table.Td>
                <Table.Td>{APROBACION_TIPOS[aprobacion.tipo]}</Table.Td>
                <Table.Td>{formatPesos(aprobacion.monto)}</Table.Td>
                <Table.Td>{aprobacion.solicitado_por}</Table.Td>
                <Table.Td>{formatDate(aprobacion.solicitada)}</Table.Td>
                <Table.Td>{quien(aprobacion)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination totalPages={aprobaciones.data?.totalPages ?? 0} page={page} onChange={setPage} />
    </>
  );
}
