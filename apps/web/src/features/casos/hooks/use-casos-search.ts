import { useEffect, useState } from 'react';
import { useForm } from '@mantine/form';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { CASO_MESSAGES, casoFiltroSchema, COND_CASOS } from '@siniestros/domain';
import { notifyError, VALIDATION_TOAST_MS } from '../../../lib/notify';
import type { CasoFiltroDraft } from '../api/filtro-draft';
import { useCasosList, useCasosSummary } from '../api/get-casos';
import { useFilteredCasos } from '../api/filter-casos';
import { queryKeys } from '../../../lib/query-keys';
import { filterFromUrl } from '../../../lib/url-filter';

export const EMPTY_FILTRO: CasoFiltroDraft = {
  nroCaso: '',
  nroSiniestro: '',
  estado: '',
  producto: '',
  compania: '',
  analista: '',
  flag: '',
  fechaDesde: '',
  fechaHasta: '',
  fechaEstadoDesde: '',
  fechaEstadoHasta: '',
  dominio: '',
  apellido: '',
  condCasos: COND_CASOS.TODOS,
  busquedaRapida: '',
  plazo: '',
};

/** Nothing to filter by: every field as in EMPTY_FILTRO. */
export const isEmptyFiltro = (values: CasoFiltroDraft) =>
  (Object.keys(EMPTY_FILTRO) as (keyof CasoFiltroDraft)[]).every((key) => values[key] === EMPTY_FILTRO[key]);

type Mode = 'list' | 'filter';
type Search = { mode: Mode; page: number; applied: CasoFiltroDraft };

/**
 * Spec §2 case list, screen modes: filtering switches paging to the filtered search;
 * Limpiar Filtros / Volver reset the filters, go back to page 1 and reload the unfiltered list;
 * changing page reloads in the current mode.
 */
export function useCasosSearch() {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // The filter a link names in the URL (the Tablero's figures), when the shared schema accepts it.
  const [fromUrl] = useState(() => filterFromUrl(params, EMPTY_FILTRO, casoFiltroSchema));
  const form = useForm<CasoFiltroDraft>({
    initialValues: fromUrl ?? EMPTY_FILTRO,
    validate: zod4Resolver(casoFiltroSchema, { errorPriority: 'first' }),
  });
  const [search, setSearch] = useState<Search>(() =>
    fromUrl ? { mode: 'filter', page: 1, applied: fromUrl } : { mode: 'list', page: 1, applied: EMPTY_FILTRO },
  );
  const isFiltering = search.mode === 'filter';

  const list = useCasosList(search.page, !isFiltering);
  const filtered = useFilteredCasos(search.applied, search.page, isFiltering);
  // The counters and the selects' options come with the unfiltered list; a list opened filtered asks for them.
  const summary = useCasosSummary(isFiltering);
  const current = isFiltering ? filtered : list;

  // Spec §8: a filtered search without results says so; the list is emptied and pages set to 0.
  // Each answer counts (dataUpdatedAt), also one equal to the last: Filtrar pressed again says it again.
  const filteredData = filtered.isPlaceholderData ? undefined : filtered.data;
  const answeredAt = filtered.dataUpdatedAt;
  useEffect(() => {
    if (filteredData && filteredData.cases.length === 0) notifyError(CASO_MESSAGES.noResults);
  }, [filteredData, answeredAt]);

  const applyFilter = form.onSubmit(
    (values) => {
      setSearch({ mode: 'filter', page: 1, applied: values });
      void queryClient.invalidateQueries({ queryKey: queryKeys.casos.filter(values, 1), exact: true });
    },
    (errors) => Object.values(errors).forEach((message) => notifyError(String(message), VALIDATION_TOAST_MS)),
  );

  const reset = () => {
    // Volver goes back to the whole list, also after arriving with a filter in the URL.
    form.setInitialValues(EMPTY_FILTRO);
    form.reset();
    setSearch({ mode: 'list', page: 1, applied: EMPTY_FILTRO });
    void queryClient.invalidateQueries({ queryKey: queryKeys.casos.list(1) });
  };

  /**
   * A chip's remove button (issue 44 item 0): the filter again without that field; with nothing
   * left to filter by, the whole list (as Limpiar Filtros).
   */
  const removeFiltro = (key: keyof CasoFiltroDraft) => {
    form.setFieldValue(key, EMPTY_FILTRO[key]);
    if (isEmptyFiltro(form.getValues())) reset();
    else applyFilter();
  };

  const setPage = (page: number) => setSearch((previous) => ({ ...previous, page }));

  // While the first filtered page loads, the rows already on screen stay (under the loader).
  const other = isFiltering ? list : filtered;
  const shown = current.data ?? (current.isFetching ? other.data : undefined);
  const cases = current.isError ? [] : (shown?.cases ?? []);
  const totalPages = current.isError ? 0 : (shown?.totalPages ?? 0);
  const filtrados = isFiltering && !filtered.isError ? (filtered.data?.totalRows ?? 0) : 0;
  const isFiltradosCapped = filtrados > 0 && filtered.data?.totalCapped === true;

  return {
    form,
    isFiltering,
    /** The list opened with a filter named in its URL (the panel shows it). */
    isFromUrl: fromUrl !== null,
    page: search.page,
    setPage,
    applyFilter,
    reset,
    removeFiltro,
    /** The filter the list on screen answers (the chips show it). */
    applied: isFiltering ? search.applied : EMPTY_FILTRO,
    cases,
    totalPages,
    filtrados,
    isFiltradosCapped,
    summary: summary.data,
    isLoading: current.isFetching,
  };
}
