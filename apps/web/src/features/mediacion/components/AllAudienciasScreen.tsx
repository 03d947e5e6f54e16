import { useEffect, useState } from 'react';
import { Button, Center, Group, Paper, Pagination, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { AUDIENCIA_MESSAGES, AUDIENCIA_NRO_MAX, audienciaFiltroSchema, CASO_MESSAGES, type Audiencia, type AudienciaFiltro } from '@siniestros/domain';
import { DateField } from '../../../components/DateField';
import { PageTitle } from '../../../components/PageTitle';
import { notifyApiError, notifyError, VALIDATION_TOAST_MS } from '../../../lib/notify';
import { EMPTY_AUDIENCIA_FILTRO, useAudiencias } from '../api/get-audiencias';
import { useCompanias } from '../api/get-companias';
import { AudienciaDialog } from './AudienciaDialog';
import { AudienciasTable } from './AudienciasTable';

/**
 * Spec §2, all hearings: Filtrar/Volver appear once a filter is touched; filtering switches the
 * paging to the filtered search, Volver goes back to the unfiltered list on page 1.
 */
export function AllAudienciasScreen() {
  const [draft, setDraft] = useState<AudienciaFiltro>(EMPTY_AUDIENCIA_FILTRO);
  const [isTouched, setTouched] = useState(false);
  const [filtro, setFiltro] = useState<AudienciaFiltro | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Audiencia | null>(null);
  const list = useAudiencias(page, filtro);
  const companias = useCompanias();

  useEffect(() => {
    if (list.error) notifyApiError(list.error, 'Error al obtener las audiencias');
  }, [list.error]);

  const change = (field: keyof AudienciaFiltro) => (value: string | null) => {
    setDraft((current) => ({ ...current, [field]: value ?? '' }));
    setTouched(true);
  };

  const applyFilter = () => {
    const parsed = audienciaFiltroSchema.safeParse(draft);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) notifyError(`${String(issue.path[0])}: ${issue.message}`, VALIDATION_TOAST_MS);
      return;
    }
    setFiltro(parsed.data);
    setPage(1);
  };

  const reset = () => {
    setDraft(EMPTY_AUDIENCIA_FILTRO);
    setTouched(false);
    setFiltro(null);
    setPage(1);
  };

  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') applyFilter();
  };

  const totalPages = list.data?.totalPages ?? 0;
  const rows = list.isError ? [] : (list.data?.rows ?? []);

  return (
    <Stack>
      <PageTitle>Audiencias</PageTitle>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput label="Audiencia Nro" maxLength={AUDIENCIA_NRO_MAX} value={draft.audienciaNro} onChange={(event) => change('audienciaNro')(event.currentTarget.value)} onKeyDown={onEnter} />
          <Select
            label="Compañia"
            placeholder="Todas"
            clearable
            searchable
            data={(companias.data ?? []).map((compania) => ({ value: String(compania.id), label: compania.nombre }))}
            value={draft.compania || null}
            onChange={change('compania')}
          />
          <DateField label="Fecha Desde" value={draft.fechaDesde} onChange={change('fechaDesde')} onKeyDown={onEnter} />
          <DateField label="Fecha Hasta" value={draft.fechaHasta} onChange={change('fechaHasta')} onKeyDown={onEnter} />
        </SimpleGrid>
        {isTouched && (
          <Group mt="md">
            <Button onClick={applyFilter}>Filtrar</Button>
            <Button variant="default" onClick={reset}>
              Volver
            </Button>
          </Group>
        )}
      </Paper>
      <Text fw={500} data-testid="audiencias-total">
        {AUDIENCIA_MESSAGES.total}: {list.isError ? 0 : (list.data?.total ?? 0)}
      </Text>
      <AudienciasTable rows={rows} showCompania empty={list.isFetched ? (filtro ? CASO_MESSAGES.noResults : AUDIENCIA_MESSAGES.empty) : null} onEdit={setEditing} />
      {totalPages > 1 && (
        <Center>
          <Pagination total={totalPages} value={page} onChange={setPage} siblings={1} boundaries={1} />
        </Center>
      )}
      {editing && <AudienciaDialog idCaso={editing.id_caso} audiencia={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
