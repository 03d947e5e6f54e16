import { useState } from 'react';
import { Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  AUDIENCIA_AGENDA,
  AUDIENCIA_MESSAGES,
  AUDIENCIA_NRO_MAX,
  audienciaFiltroSchema,
  CASO_MESSAGES,
  type Audiencia,
  type AudienciaAgenda,
  type AudienciaFiltro,
} from '@siniestros/domain';
import { DateField } from '../../../components/DateField';
import { FilterPanel, FilterSelect, lookupOptions } from '../../../components/FilterPanel';
import { ListPagination } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { useListFilter } from '../../../lib/use-list-filter';
import { EMPTY_AUDIENCIA_FILTRO, useAudiencias } from '../api/get-audiencias';
import { useCompanias } from '../../../lib/lookups';
import { AudienciaDialog } from './AudienciaDialog';
import { AudienciasTable } from './AudienciasTable';

const FILTER_LABELS: Record<keyof AudienciaFiltro, string> = {
  audienciaNro: 'Audiencia Nro',
  compania: 'Compañia',
  fechaDesde: 'Fecha Desde',
  fechaHasta: 'Fecha Hasta',
};

/**
 * Spec §2, all hearings: Filtrar/Volver appear once a filter is touched; filtering switches the
 * paging to the filtered search, Volver goes back to the unfiltered list on page 1. Read as an
 * agenda: 'Próximas' (from today, soonest first) or 'Pasadas' (latest first), today's highlighted.
 */
export function AllAudienciasScreen() {
  const { draft, isTouched, filtro, page, setPage, change, field, applyFilter, reset } = useListFilter(
    EMPTY_AUDIENCIA_FILTRO,
    audienciaFiltroSchema,
    FILTER_LABELS,
  );
  const [editing, setEditing] = useState<Audiencia | null>(null);
  const [cuando, setCuando] = useState<AudienciaAgenda>('proximas');
  const list = useAudiencias(page, filtro, cuando);
  const companias = useCompanias();

  const totalPages = list.data?.totalPages ?? 0;
  const rows = list.isError ? [] : (list.data?.rows ?? []);

  return (
    <Stack>
      <PageTitle>Audiencias</PageTitle>
      <FilterPanel cols={{ base: 1, sm: 2, lg: 4 }} onApply={applyFilter} onReset={reset} hasActions={isTouched}>
        <TextInput
          label={FILTER_LABELS.audienciaNro}
          maxLength={AUDIENCIA_NRO_MAX}
          value={draft.audienciaNro}
          onChange={(event) => change('audienciaNro')(event.currentTarget.value)}
        />
        <FilterSelect {...field('compania')} placeholder="Todas" data={lookupOptions(companias.data)} />
        <DateField {...field('fechaDesde')} />
        <DateField {...field('fechaHasta')} />
      </FilterPanel>
      <Group justify="space-between">
        <Text fw={500} data-testid="audiencias-total">
          {AUDIENCIA_MESSAGES.total}: {list.isError ? 0 : (list.data?.total ?? 0)}
        </Text>
        <SegmentedControl
          aria-label="Audiencias a mostrar"
          value={cuando}
          onChange={(value) => {
            setCuando(value as AudienciaAgenda);
            setPage(1);
          }}
          data={Object.entries(AUDIENCIA_AGENDA).map(([value, label]) => ({ value, label }))}
        />
      </Group>
      <AudienciasTable
        rows={rows}
        showCompania
        empty={list.isFetched ? (filtro ? CASO_MESSAGES.noResults : AUDIENCIA_MESSAGES.empty) : null}
        onEdit={setEditing}
      />
      <ListPagination totalPages={totalPages} page={page} onChange={setPage} />
      {editing && <AudienciaDialog idCaso={editing.id_caso} audiencia={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
