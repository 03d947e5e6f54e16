import { useEffect, useState } from 'react';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { CASO_MESSAGES, casoFiltroSchema, COND_CASOS } from '@siniestros/domain';
import { notifyError, VALIDATION_TOAST_MS } from '../../../lib/notify';
import type { CasoFiltroDraft } from '../api/filtro-draft';
import { useCasosList, useCasosSummary } from '../api/get-casos';
import { useFilteredCasos } from '../api/filter-casos';
import { queryKeys } from '../../../lib/query-keys';
import { estadoParams, useFiltrosUrl } from './use-filtros-url';

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
  pagadoDesde: '',
  pagadoHasta: '',
  plazoVencidoDesde: '',
  plazoVencidoHasta: '',
  abiertoAl: '',
  estadoAl: '',
};

/**
 * The case list's link for a filter (fields not named are empty), written as the list writes its
 * own URL (use-filtros-url, docs/decisions/096): the Tablero's figures open the list this way.
 */
export const casosUrl = (filtro: Readonly<Record<string, string>>) =>
  `/casos?${estadoParams<Record<string, string>>({ ...EMPTY_FILTRO, ...filtro }, 1, EMPTY_FILTRO)}`;

/** Nothing to filter by: every field as in EMPTY_FILTRO. */
export const isEmptyFiltro = (values: CasoFiltroDraft) =>
  (Object.keys(EMPTY_FILTRO) as (keyof CasoFiltroDraft)[]).every((key) => values[key] === EMPTY_FILTRO[key]);

/**
 * Spec §2 case list, screen modes: filtering switches paging to the filtered search;
 * Limpiar Filtros / Volver reset the filters, go back to page 1 and reload the unfiltered list;
 * changing page reloads in the current mode. The applied filter and the page live in the URL
 * (use-filtros-url, docs/decisions/096): a link, back/forward or a saved view set them.
 */
export function useCasosSearch() {
  const queryClient = useQueryClient();
  const url = useFiltrosUrl(EMPTY_FILTRO, casoFiltroSchema);
  // What the URL named when the list opened (a link, a Tablero figure, a reload).
  const [entrada] = useState(() => ({ isFromUrl: url.filtro !== null, isEmpty: url.isEmpty }));
  const form = useForm<CasoFiltroDraft>({
    initialValues: url.filtro ?? EMPTY_FILTRO,
    validate: zod4Resolver(casoFiltroSchema, { errorPriority: 'first' }),
  });
  const search = url.filtro
    ? { mode: 'filter', page: url.page, applied: url.filtro }
    : { mode: 'list', page: url.page, applied: EMPTY_FILTRO };
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

  // Back/forward, a link or a saved view changed the applied filter: the panel's fields show it.
  const appliedKey = JSON.stringify(search.applied);
  useEffect(() => {
    form.setValues(search.applied);
    // Only when the applied filter changes (not the form object, not a page change).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appliedKey]);

  const filterBy = (values: CasoFiltroDraft, options?: { replace?: boolean }) => {
    url.go(values, 1, options);
    void queryClient.invalidateQueries({ queryKey: queryKeys.casos.filter(values, 1), exact: true });
  };

  const applyFilter = form.onSubmit(
    (values) => filterBy(values),
    (errors) => Object.values(errors).forEach((message) => notifyError(String(message), VALIDATION_TOAST_MS)),
  );

  const reset = (options?: { replace?: boolean }) => {
    // Volver goes back to the whole list, also after arriving with a filter in the URL.
    form.setInitialValues(EMPTY_FILTRO);
    form.reset();
    url.go(null, 1, options);
    void queryClient.invalidateQueries({ queryKey: queryKeys.casos.list(1) });
  };

  /** Filters by `values` as the panel's Filtrar does (a saved view, 'Mis casos'); the panel shows them. */
  const applyValues = (values: CasoFiltroDraft, options?: { replace?: boolean }) => {
    form.setValues(values);
    if (isEmptyFiltro(values)) reset(options);
    else filterBy(values, options);
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

  const setPage = (page: number) => url.go(isFiltering ? search.applied : null, page);

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
    isFromUrl: entrada.isFromUrl,
    /** The list opened with nothing in its URL: the default view or 'Mis casos' may set it. */
    isEntradaVacia: entrada.isEmpty,
    page: search.page,
    setPage,
    applyFilter,
    applyValues,
    reset: () => reset(),
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
