import { useState } from 'react';
import { Group, Pagination, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { CASO_MESSAGES, type CasoListRow } from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { HistorialDialog } from '../../historial';
import { useExportCasos } from '../api/export-casos';
import { useCasosSearch } from '../hooks/use-casos-search';
import { useMisCasos, type VistaCasos } from '../hooks/use-mis-casos';
import { useVisitedCasos } from '../hooks/use-visited-casos';
import { useFiltrosAbiertos } from '../hooks/use-filtros-abiertos';
import { useAtajosLista } from '../hooks/use-atajos-lista';
import { useListaInicial } from '../hooks/use-lista-inicial';
import { filtroChips } from './filtro-chips';
import { AnalistaDialog } from './AnalistaDialog';
import { CasosFilters } from './CasosFilters';
import { VistasMenu } from './VistasMenu';
import { casoUrl, CasosTable } from './CasosTable';
import { usePlazoEstados } from '../api/get-plazo-estados';
import { useSeleccion } from '../hooks/use-seleccion';
import { SeleccionBar } from './SeleccionBar';
import { EntrarSeleccion } from '../../../components/SeleccionControles';
import { useModoSeleccion } from '../../../lib/use-modo-seleccion';

function Counter({ label, value, color, isCapped = false }: { label: string; value: number; color: string; isCapped?: boolean }) {
  return (
    <Paper withBorder px="sm" py={4} radius="sm" aria-label={label}>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text size="sm" fw={700} c={color} data-testid={`contador-${label.toLowerCase()}`}>
          {isCapped ? `más de ${value.toLocaleString('es-AR')}` : value.toLocaleString('es-AR')}
        </Text>
      </Group>
    </Paper>
  );
}

/** Spec §2, case list (/casos). */
export function CasosScreen() {
  const search = useCasosSearch();
  const misCasos = useMisCasos(search);
  useListaInicial(search, misCasos);
  const plazoEstados = usePlazoEstados(search.cases.map((caso) => caso.id));
  const exporter = useExportCasos();
  const { isVisited, markVisited } = useVisitedCasos();
  const panel = useFiltrosAbiertos(search.isFromUrl);
  const [analistaFor, setAnalistaFor] = useState<CasoListRow | null>(null);
  const [historialFor, setHistorialFor] = useState<number | null>(null);
  const seleccion = useSeleccion(
    search.cases.map((caso) => caso.id),
    search.applied,
    search.filtrados,
  );
  const modo = useModoSeleccion(seleccion.clear);
  useAtajosLista();

  const open = (id: number) => {
    markVisited(id);
    window.open(casoUrl(id), '_blank');
  };

  const changePage = (page: number) => {
    search.setPage(page);
    window.scrollTo({ top: 0 });
  };

  const reset = () => {
    panel.fold();
    search.reset();
  };

  // Spec §7: the export takes the filters on screen (or the quick search) plus formato excel.
  const exportCasos = () =>
    exporter.mutate(search.form.getValues(), {
      onSuccess: () => notifySuccess(CASO_MESSAGES.exported),
      onError: (error) => notifyApiError(error, CASO_MESSAGES.noResults),
    });

  const summary = search.summary;

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start">
        <PageTitle>Casos</PageTitle>
        <Group gap="xs">
          {!modo.isActive && <EntrarSeleccion onClick={modo.entrar} />}
          <VistasMenu search={search} />
          <Counter label="Vigentes" value={summary?.totalCount ?? 0} color="blue" />
          <Counter label="Cerrados" value={summary?.totalCloseCount ?? 0} color="gray" />
          {search.filtrados > 0 && <Counter label="Filtrados" value={search.filtrados} color="teal" isCapped={search.isFiltradosCapped} />}
        </Group>
      </Group>
      {misCasos && (
        <SegmentedControl
          aria-label="Casos a mostrar"
          w="fit-content"
          value={misCasos.vista}
          onChange={(value) => misCasos.show(value as VistaCasos)}
          data={[
            { value: 'mios', label: 'Mis casos' },
            { value: 'todos', label: 'Todos' },
          ]}
        />
      )}
      <CasosFilters
        form={search.form}
        summary={summary}
        isExpanded={panel.isExpanded}
        onToggle={panel.toggle}
        onSubmit={search.applyFilter}
        onReset={reset}
        onExport={exportCasos}
        isExporting={exporter.isPending}
        chips={filtroChips(search.applied, summary)}
        onRemoveChip={search.removeFiltro}
      />
      {modo.isActive && (
        <SeleccionBar
          seleccion={seleccion}
          total={search.filtrados}
          isTotalCapped={search.isFiltradosCapped}
          analistas={summary?.analistas ?? []}
          onCancelar={modo.salir}
        />
      )}
      <CasosTable
        seleccion={modo.isActive ? seleccion : undefined}
        cases={search.cases}
        isLoading={search.isLoading}
        isVisited={isVisited}
        onOpen={open}
        onVisit={markVisited}
        onAnalista={setAnalistaFor}
        onHistorial={setHistorialFor}
        plazos={plazoEstados.data}
      />
      {search.totalPages > 0 && (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Página {search.page} de {search.totalPages}
          </Text>
          <Pagination total={search.totalPages} value={search.page} onChange={changePage} siblings={1} boundaries={1} size="sm" />
        </Group>
      )}
      {analistaFor && <AnalistaDialog caso={analistaFor} analistas={summary?.analistas ?? []} onClose={() => setAnalistaFor(null)} />}
      {historialFor !== null && <HistorialDialog idCaso={historialFor} opened onClose={() => setHistorialFor(null)} />}
    </Stack>
  );
}
