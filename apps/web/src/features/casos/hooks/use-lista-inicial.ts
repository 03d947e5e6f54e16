import { useEffect, useRef } from 'react';
import { useSession } from '../../../lib/session';
import { useVistas } from '../api/get-vistas';
import type { useCasosSearch } from './use-casos-search';
import type { useMisCasos } from './use-mis-casos';

/**
 * What the list shows when its URL names nothing (docs/decisions/096): the user's default view;
 * without one, 'Mis casos' for an analyst (docs/decisions/083); else the whole list. Taken once,
 * in place of the entry's history step (back leaves the list), and only while the user has not
 * moved the list meanwhile.
 */
export function useListaInicial(search: ReturnType<typeof useCasosSearch>, misCasos: ReturnType<typeof useMisCasos>) {
  const vistas = useVistas();
  const session = useSession();
  const started = useRef(!search.isEntradaVacia);
  const isUntouched = !search.isFiltering && search.page === 1;

  useEffect(() => {
    if (started.current || vistas.isPending || session.isPending) return;
    started.current = true;
    if (!isUntouched) return;
    const predeterminada = vistas.data?.vistas.find((vista) => vista.predeterminada);
    if (predeterminada) search.applyValues(predeterminada.filtro, { replace: true });
    else misCasos?.show('mios', { replace: true });
    // Once, when the views and the session have answered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vistas.isPending, session.isPending]);
}
