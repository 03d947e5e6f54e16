import { useEffect, useRef, useState } from 'react';
import { COND_CASOS } from '@siniestros/domain';
import { useSession } from '../../../lib/session';
import { isEmptyFiltro, type useCasosSearch } from './use-casos-search';

export type VistaCasos = 'mios' | 'todos';

/**
 * 'Mis casos' (issue 41 item 2, docs/decisions/083): a user who is an analyst opens the list on
 * their own open cases, the list's analyst filter set to them and condición Vigentes; 'Todos'
 * clears those two and keeps any other filter. A list opened from a link keeps the link's filter.
 * null: the user is no analyst (no toggle).
 */
export function useMisCasos(search: ReturnType<typeof useCasosSearch>) {
  const idAnalista = useSession().data?.id_analista ?? null;
  const [vista, setVista] = useState<VistaCasos>(search.isFromUrl ? 'todos' : 'mios');
  const started = useRef(false);

  const show = (next: VistaCasos) => {
    if (idAnalista === null) return;
    setVista(next);
    const mine = next === 'mios';
    search.form.setFieldValue('analista', mine ? String(idAnalista) : '');
    search.form.setFieldValue('condCasos', mine ? COND_CASOS.VIGENTES : COND_CASOS.TODOS);
    if (isEmptyFiltro(search.form.getValues())) search.reset();
    else search.applyFilter();
  };

  useEffect(() => {
    if (started.current || idAnalista === null || search.isFromUrl) return;
    started.current = true;
    show('mios');
    // Once, when the session says who the analyst is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idAnalista]);

  /** Limpiar Filtros / Volver: the whole list, 'Todos'. */
  const cleared = () => setVista('todos');
  return idAnalista === null ? null : { vista, show, cleared };
}
