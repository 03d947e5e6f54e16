import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { notifyError, VALIDATION_TOAST_MS } from './notify';
import { filterFromUrl } from './url-filter';

/**
 * A list screen's filter panel: the values being typed (`draft`), the filter Filtrar applies
 * (checked with the shared schema: one toast per bad field, named by its label), the page, and
 * Volver back to the whole list on page 1. A list opened from a link starts filtered by the filter
 * its URL names (`/inspecciones/allinspecciones?estado=Pendiente&inspector=3`, the Tablero's figures).
 */
export function useListFilter<T extends Record<string, string>>(empty: T, schema: z.ZodType<T>, labels: Readonly<Record<keyof T, string>>) {
  const [params] = useSearchParams();
  const [fromUrl] = useState(() => filterFromUrl(params, empty, schema));
  const [draft, setDraft] = useState<T>(fromUrl ?? empty);
  const [isTouched, setTouched] = useState(fromUrl !== null);
  const [filtro, setFiltro] = useState<T | null>(() => (fromUrl ? schema.parse(fromUrl) : null));
  const [page, setPage] = useState(1);

  const change = (field: keyof T) => (value: string | null) => {
    setDraft((current) => ({ ...current, [field]: value ?? '' }));
    setTouched(true);
  };

  /** A select's or a date's props for a field: its label, its value being typed and its change. */
  const field = (name: keyof T) => ({ label: labels[name], value: draft[name], onChange: change(name) });

  /** Filters by `values` (a select that filters as soon as it changes passes its new draft). */
  const applyValues = (values: T) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) notifyError(`${labels[issue.path[0] as keyof T]}: ${issue.message}`, VALIDATION_TOAST_MS);
      return;
    }
    setFiltro(parsed.data);
    setPage(1);
  };
  const applyFilter = () => applyValues(draft);

  const reset = () => {
    setDraft(empty);
    setTouched(false);
    setFiltro(null);
    setPage(1);
  };

  return { draft, isTouched, filtro, page, setPage, change, field, applyFilter, applyValues, reset };
}
