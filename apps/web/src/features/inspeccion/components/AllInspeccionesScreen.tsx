import { useState } from 'react';
import { ActionIcon, Anchor, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import {
  CASO_MESSAGES,
  formatDate,
  INSPECCION_ESTADOS,
  INSPECCION_FILTER_ESTADOS,
  INSPECCION_MESSAGES,
  INSPECCION_RESULTADO_LIST_MAX,
  inspeccionFiltroSchema,
  truncate,
  type Inspeccion,
  type InspeccionFiltro,
} from '@siniestros/domain';
import { DateField } from '../../../components/DateField';
import { FilterPanel, FilterSelect, lookupOptions } from '../../../components/FilterPanel';
import { EmptyTableRow, ListPagination, TableHeader } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { useListFilter } from '../../../lib/use-list-filter';
import { inspectorName, useInspectores, useProductos } from '../../../lib/lookups';
import { EMPTY_INSPECCION_FILTRO, useInspecciones } from '../api/get-inspecciones';
import { EstadoBadge } from './EstadoBadge';
import { InspectorDialog } from './InspectorDialog';
import { NEW_TAB, NewTabHint } from '../../../components/NewTab';

const FILTER_LABELS: Record<keyof InspeccionFiltro, string> = {
  nroInspeccion: 'Nro Inspeccion',
  nroCaso: 'Nro Caso',
  estado: 'Estado',
  inspector: 'Inspector',
  producto: 'Producto',
  fechaDesde: 'Desde',
  fechaHasta: 'Hasta',
};

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** Spec §2, all inspections: filters, total, paging, and inspector reassignment of Coordinada ones. */
export function AllInspeccionesScreen() {
  const { draft, filtro, page, setPage, change, field, applyFilter, reset } = useListFilter(
    EMPTY_INSPECCION_FILTRO,
    inspeccionFiltroSchema,
    FILTER_LABELS,
  );
  const [reassigning, setReassigning] = useState<Inspeccion | null>(null);
  const list = useInspecciones(page, filtro);
  const inspectores = useInspectores();
  const productos = useProductos();

  const input = (field: keyof InspeccionFiltro, transform = (value: string) => value) => ({
    label: FILTER_LABELS[field],
    value: draft[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => change(field)(transform(event.currentTarget.value)),
  });

  const rows = list.isError ? [] : (list.data?.rows ?? []);
  const totalPages = list.data?.totalPages ?? 0;
  const inspectorOptions = (inspectores.data ?? []).map((item) => ({ value: String(item.id), label: inspectorName(item) }));

  return (
    <Stack>
      <PageTitle>Inspecciones</PageTitle>
      <FilterPanel cols={{ base: 1, xs: 2, md: 4, xl: 7 }} onApply={applyFilter} onReset={reset}>
        <TextInput inputMode="numeric" {...input('nroInspeccion', onlyDigits)} />
        <TextInput inputMode="numeric" {...input('nroCaso', onlyDigits)} />
        <FilterSelect {...field('estado')} searchable={false} data={[...INSPECCION_FILTER_ESTADOS]} />
        <FilterSelect {...field('inspector')} data={inspectorOptions} />
        <FilterSelect {...field('producto')} data={lookupOptions(productos.data)} />
        <DateField {...field('fechaDesde')} />
        <DateField {...field('fechaHasta')} />
      </FilterPanel>
      <Text fw={500} data-testid="inspecciones-total">
        {INSPECCION_MESSAGES.total}: {list.isError ? 0 : (list.data?.totalCount ?? 0)}
      </Text>
      <Table.ScrollContainer minWidth={980}>
        <Table striped highlightOnHover withTableBorder>
          <TableHeader cells={['Inspeccion', 'Caso', 'Fecha', 'Producto', 'Inspector', 'Estado', 'Resultado', 'Acciones']} />
          <Table.Tbody>
            {rows.map((inspeccion) => {
              const name = inspectorName({ apellido: inspeccion.inspector_apellido, nombre: inspeccion.inspector_nombre }) || '-';
              return (
                <Table.Tr key={inspeccion.id}>
                  <Table.Td>{inspeccion.id}</Table.Td>
                  <Table.Td>
                    <Anchor href={`/casos/detalleCaso/${inspeccion.id_caso}`} target="_blank" rel="noopener">
                      {inspeccion.id_caso}
                      <NewTabHint />
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(inspeccion.fecha_inspeccion)}</Table.Td>
                  <Table.Td>{inspeccion.producto ?? '-'}</Table.Td>
                  <Table.Td>
                    {inspeccion.estado === INSPECCION_ESTADOS.COORDINADA ? (
                      <Tooltip label="Cambiar inspector">
                        <Anchor component="button" type="button" onClick={() => setReassigning(inspeccion)}>
                          {name}
                        </Anchor>
                      </Tooltip>
                    ) : (
                      name
                    )}
                  </Table.Td>
                  <Table.Td>
                    <EstadoBadge estado={inspeccion.estado} />
                  </Table.Td>
                  <Table.Td maw={360} style={{ overflowWrap: 'anywhere' }}>
                    {inspeccion.resultado ? truncate(inspeccion.resultado, INSPECCION_RESULTADO_LIST_MAX) : INSPECCION_MESSAGES.noResult}
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="Ver inspeccion">
                      <ActionIcon
                        variant="subtle"
                        component="a"
                        href={`/inspecciones/viewinspeccion/${inspeccion.id}`}
                        target="_blank"
                        rel="noopener"
                        aria-label={`Ver inspeccion ${inspeccion.id} ${NEW_TAB}`}
                      >
                        <IconEye size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {list.isFetched && rows.length === 0 && (
              <EmptyTableRow colSpan={8}>{filtro ? CASO_MESSAGES.noResults : INSPECCION_MESSAGES.listEmpty}</EmptyTableRow>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination totalPages={totalPages} page={page} onChange={setPage} />
      {reassigning && <InspectorDialog inspeccion={reassigning} onClose={() => setReassigning(null)} />}
    </Stack>
  );
}
