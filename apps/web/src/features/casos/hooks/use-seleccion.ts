import { useState } from 'react';
import type { CasoFiltro, CasosSeleccion } from '@siniestros/domain';
import { useSeleccionIds } from '../../../lib/use-seleccion-ids';

/**
 * The case list's selection for bulk actions (docs/decisions/097): ticked cases, or every case
 * matching the applied filter ('Seleccionar los N que coinciden', not just the page). A new filter
 * empties it.
 */
export function useSeleccion(pageIds: readonly number[], filtro: CasoFiltro, total: number) {
  const filtroKey = JSON.stringify(filtro);
  const marcados = useSeleccionIds(pageIds, filtroKey);
  const [todosDe, setTodosDe] = useState<string | null>(null);
  const todos = todosDe === filtroKey;

  const clear = () => {
    marcados.clear();
    setTodosDe(null);
  };

  const count = todos ? total : marcados.ids.size;
  const seleccion: CasosSeleccion | null = todos ? { filtro } : marcados.ids.size > 0 ? { ids: [...marcados.ids] } : null;

  return {
    count,
    seleccion,
    todos,
    isSelected: (id: number) => todos || marcados.isSelected(id),
    isPageSelected: todos || marcados.isPageSelected,
    isPagePartly: !todos && marcados.isPagePartly,
    /** Unticking one case of 'all matching' leaves the rest of the page ticked. */
    toggle: (id: number, withShift: boolean) => {
      marcados.toggle(id, withShift, todos ? new Set(pageIds) : marcados.ids);
      setTodosDe(null);
    },
    togglePage: () => {
      if (todos) clear();
      else marcados.togglePage();
    },
    selectTodos: () => setTodosDe(filtroKey),
    clear,
  };
}

export type Seleccion = ReturnType<typeof useSeleccion>;
