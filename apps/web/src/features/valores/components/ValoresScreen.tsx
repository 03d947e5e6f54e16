import { ActionIcon, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { CASO_MESSAGES, formatDate, formatPesos, VALORES_MESSAGES, valoresFiltroSchema, type ValoresFiltro } from '@siniestros/domain';
import { DateField } from '../../../components/DateField';
import { FilterPanel, FilterSelect, lookupOptions } from '../../../components/FilterPanel';
import { EmptyTableRow, ListPagination, TableHeader } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { useListFilter } from '../../../lib/use-list-filter';
import { useCompanias } from '../../../lib/lookups';
import { EMPTY_VALORES_FILTRO, useValores } from '../api/get-valores';
import { NEW_TAB } from '../../../components/NewTab';

const FILTER_LABELS: Record<keyof ValoresFiltro, string> = {
  compania: 'Compañia',
  fechaDesde: 'Fecha Cierre Desde',
  fechaHasta: 'Fecha Cierre Hasta',
};

/** Spec §2, values report of closed cases: company and closing-date filters (Enter applies). */
export function ValoresScreen() {
  const { draft, filtro, page, setPage, change, field, applyFilter, applyValues, reset } = useListFilter(
    EMPTY_VALORES_FILTRO,
    valoresFiltroSchema,
    FILTER_LABELS,
  );
  const list = useValores(page, filtro);
  const companias = useCompanias();

  const rows = list.isError ? [] : (list.data?.casos ?? []);
  const totalPages = list.data?.totalPages ?? 0;
  const totalCount = list.isError ? 0 : (list.data?.totalCount ?? 0);

  return (
    <Stack>
      <PageTitle>Valores</PageTitle>
      <FilterPanel cols={{ base: 1, sm: 3 }} onApply={applyFilter} onReset={reset}>
        <FilterSelect
          {...field('compania')}
          placeholder="Todas"
          data={lookupOptions(companias.data)}
          onChange={(value) => {
            change('compania')(value);
            applyValues({ ...draft, compania: value ?? '' });
          }}
        />
        {/* Spec §2: Enter in a closing date applies the filter (the panel is a form). */}
        <DateField {...field('fechaDesde')} />
        <DateField {...field('fechaHasta')} />
      </FilterPanel>
      <Text fw={500} data-testid="valores-total">
        {filtro ? VALORES_MESSAGES.filtrados : VALORES_MESSAGES.total}: {totalCount}
      </Text>
      <Table.ScrollContainer minWidth={1300}>
        <Table striped highlightOnHover withTableBorder>
          <TableHeader
            cells={[
              'Nro Caso',
              'Compania',
              'Estado',
              'Producto',
              'Fecha Alta',
              'Fecha Cierre',
              { label: 'Valor Inspeccion', ta: 'right' },
              { label: 'Valor Ofertado', ta: 'right' },
              { label: 'Valor Acordado', ta: 'right' },
              { label: 'Pagado', ta: 'right' },
              { label: 'Pendiente', ta: 'right' },
              'Acciones',
            ]}
          />
          <Table.Tbody>
            {rows.map((caso) => (
              <Table.Tr key={caso.id}>
                <Table.Td>{caso.id}</Table.Td>
                <Table.Td>{caso.nombre_compania}</Table.Td>
                <Table.Td>{caso.estado}</Table.Td>
                <Table.Td>{caso.producto ?? '-'}</Table.Td>
                <Table.Td>{formatDate(caso.fecha_creado)}</Table.Td>
                <Table.Td>{formatDate(caso.fecha_cierre)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPesos(caso.monto_inspeccion)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPesos(caso.valor_ofertado)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPesos(caso.valor_acordado)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPesos(caso.valor_pagado)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatPesos(caso.valor_pendiente)}
                </Table.Td>
                <Table.Td>
                  <Tooltip label={`Abrir caso ${caso.id}`}>
                    <ActionIcon
                      variant="subtle"
                      component="a"
                      href={`/casos/detalleCaso/${caso.id}`}
                      target="_blank"
                      rel="noopener"
                      aria-label={`Abrir caso ${caso.id} ${NEW_TAB}`}
                    >
                      <IconExternalLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
            {list.isFetched && rows.length === 0 && (
              <EmptyTableRow colSpan={12}>{filtro ? CASO_MESSAGES.noResults : VALORES_MESSAGES.empty}</EmptyTableRow>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination totalPages={totalPages} page={page} onChange={setPage} />
    </Stack>
  );
}
