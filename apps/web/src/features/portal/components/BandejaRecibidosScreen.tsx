import { useState } from 'react';
import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime, type Recibido } from '@siniestros/domain';
import { EmptyTableRow, ListPagination, TableHeader } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { RECIBIDOS_PAGE_SIZE, useRecibidos } from '../api/recibidos';
import { ItemDocumentos, RevisionAcciones } from './ItemRevision';

export const BANDEJA_TITULO = 'Bandeja de recibidos';
const VACIA = 'No hay documentos recibidos sin revisar.';

const casoLink = (recibido: Recibido) => (
  <Anchor component={Link} to={`/casos/detalleCaso/${recibido.id_caso}`}>
    {recibido.reclamo_nro ? `Siniestro ${recibido.reclamo_nro}` : `Caso ${recibido.id_caso}`}
  </Anchor>
);

/**
 * 'Bandeja de recibidos' (/recibidos, issue 42 item 5): what claimants sent through the portal and
 * nobody reviewed, oldest first; each row opens its case, shows the files and is accepted or
 * rejected in place (the row then leaves the list).
 */
export function BandejaRecibidosScreen() {
  const [page, setPage] = useState(1);
  const recibidos = useRecibidos(page);
  const rows = recibidos.data?.rows ?? [];
  const totalPages = Math.ceil((recibidos.data?.total ?? 0) / RECIBIDOS_PAGE_SIZE);
  const isEmpty = recibidos.isSuccess && rows.length === 0;
  // Reviewing the last rows of the last page empties it: show the one before.
  if (recibidos.isSuccess && page > 1 && page > totalPages) setPage(Math.max(1, totalPages));
  return (
    <>
      <PageTitle>{BANDEJA_TITULO}</PageTitle>
      <Text size="sm" c="dimmed" mb="md">
        Lo que los reclamantes enviaron por el portal y nadie revisó, del más antiguo al más nuevo.
      </Text>
      {recibidos.isError && <Text c="red">{recibidos.error.message}</Text>}
      {/* A phone reads one card per document; wider screens the table. */}
      <Stack gap="xs" hiddenFrom="sm">
        {isEmpty && (
          <Text c="dimmed" ta="center" py="md">
            {VACIA}
          </Text>
        )}
        {rows.map((recibido) => (
          <Paper key={recibido.id} withBorder p="sm" component="article" aria-label={`${recibido.nombre} de ${recibido.tercero}`}>
            <Stack gap={4}>
              <Text fw={600}>{recibido.nombre}</Text>
              <Text size="sm">
                {casoLink(recibido)} · {recibido.tercero}
              </Text>
              <Text size="sm" c="dimmed">{`Recibido el ${formatDateTime(recibido.recibido)}`}</Text>
              <ItemDocumentos idCaso={recibido.id_caso} documentos={recibido.documentos} />
              <RevisionAcciones idCaso={recibido.id_caso} item={recibido} />
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={860} visibleFrom="sm">
        <Table striped highlightOnHover aria-label={BANDEJA_TITULO}>
          <TableHeader cells={['Recibido', 'Caso', 'Tercero', 'Documento', 'Archivos', 'Revisión']} />
          <Table.Tbody>
            {isEmpty && <EmptyTableRow colSpan={6}>{VACIA}</EmptyTableRow>}
            {rows.map((recibido) => (
              <Table.Tr key={recibido.id}>
                <Table.Td>{formatDateTime(recibido.recibido)}</Table.Td>
                <Table.Td>{casoLink(recibido)}</Table.Td>
                <Table.Td>{recibido.tercero}</Table.Td>
                <Table.Td>{recibido.nombre}</Table.Td>
                <Table.Td>
                  <ItemDocumentos idCaso={recibido.id_caso} documentos={recibido.documentos} />
                </Table.Td>
                <Table.Td>
                  <RevisionAcciones idCaso={recibido.id_caso} item={recibido} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination totalPages={totalPages} page={page} onChange={setPage} />
    </>
  );
}
