import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { filterFromUrl } from '../../../lib/url-filter';

/** The page past the first, beside the filter's fields. */
const PAGINA = 'pagina';
/** Always written by a filtered list (the panel's Condición always has a value): a filter with nothing else set is still a filter. */
const SIEMPRE = 'condCasos';

/**
 * The case list's state as search params (docs/decisions/096): the applied filter's fields that
 * differ from `empty` (the quick search is one of them), Condición whenever the list is filtered,
 * and the page past 1. The Tablero's links (`/casos?condCasos=1&estado=3`) are written the same way.
 */
export function estadoParams<T extends Record<string, string>>(filtro: T | null, page: number, empty: T): URLSearchParams {
  const params = new URLSearchParams();
  if (filtro) {
    for (const key of Object.keys(empty)) if (filtro[key] !== empty[key] || key === SIEMPRE) params.set(key, filtro[key] ?? '');
  }
  if (page > 1) params.set(PAGINA, String(page));
  return params;
}

/** The page a URL names: a whole number from 1, else 1. */
export function paginaDe(params: URLSearchParams) {
  const page = Number(params.get(PAGINA));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The case list's state lives in the URL, so any state is a link and back/forward walk it.
 * `filtro`: the filter the URL names when the list's own schema accepts it (else null: the whole list).
 * `go` writes a new state: a new history entry, or in place (`replace`) for a state the list
 * takes by itself on entry (the default view, 'Mis casos').
 */
export function useFiltrosUrl<T extends Record<string, string>>(empty: T, schema: z.ZodType) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => {
    const current = new URLSearchParams(key);
    return { filtro: filterFromUrl(current, empty, schema), page: paginaDe(current), isEmpty: key === '' };
    // `empty` and `schema` are module constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const go = (filtro: T | null, page: number, options: { replace?: boolean } = {}) =>
    setParams(estadoParams(filtro, page, empty), { replace: options.replace });
  return { ...state, go };
}
