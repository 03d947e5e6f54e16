import { COND_CASOS } from '@siniestros/domain';
import { useSession } from '../../../lib/session';
import type { useCasosSearch } from './use-casos-search';

export type VistaCasos = 'mios' | 'todos';

/**
 * 'Mis casos' (issue 41 item 2, docs/decisions/083): a user who is an analyst opens the list on
 * their own open cases, the list's analyst filter set to them and condición Vigentes; 'Todos'
 * clears those two and keeps any other filter. The toggle reads the applied filter (it lives in
 * the URL, docs/decisions/096), so a link, back/forward or a saved view show it right; the list
 * starts on 'Mis casos' by use-lista-inicial. null: the user is no analyst (no toggle).
 */
export function useMisCasos(search: ReturnType<typeof useCasosSearch>) {
  const idAnalista = useSession().data?.id_analista ?? null;
  if (idAnalista === null) return null;
  const isMine = search.applied.analista === String(idAnalista) && search.applied.condCasos === COND_CASOS.VIGENTES;

  const show = (next: VistaCasos, options?: { replace?: boolean }) => {
    const mine = next === 'mios';
    search.applyValues(
      { ...search.form.getValues(), analista: mine ? String(idAnalista) : '', condCasos: mine ? COND_CASOS.VIGENTES : COND_CASOS.TODOS },
      options,
    );
  };
  return { vista: (isMine ? 'mios' : 'todos') as VistaCasos, show };
}
