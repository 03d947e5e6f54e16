import { useState } from 'react';

type Marcados = { scope: string; ids: ReadonlySet<number>; anchor: number | null };
const NINGUNO: ReadonlySet<number> = new Set();

/**
 * Rows ticked in a list for a bulk action (docs/decisions/097): one at a time, a range with Shift
 * from the last one ticked, or the whole page. A new `scope` (the list's filter) starts empty.
 */
export function useSeleccionIds(pageIds: readonly number[], scope = '') {
  const [state, setState] = useState<Marcados>({ scope, ids: NINGUNO, anchor: null });
  const current = state.scope === scope ? state : { scope, ids: NINGUNO, anchor: null };
  const { ids } = current;

  const clear = () => setState({ scope, ids: NINGUNO, anchor: null });

  /** Ticks or unticks a row (`from` the ticked set to start from); with Shift, every row of the page between it and the last one ticked. */
  const toggle = (id: number, withShift: boolean, from: ReadonlySet<number> = ids) => {
    const next = new Set(from);
    const select = !next.has(id);
    const start = current.anchor === null ? -1 : pageIds.indexOf(current.anchor);
    const end = pageIds.indexOf(id);
    const range = withShift && start >= 0 && end >= 0 ? pageIds.slice(Math.min(start, end), Math.max(start, end) + 1) : [id];
    for (const each of range) {
      if (select) next.add(each);
      else next.delete(each);
    }
    setState({ scope, ids: next, anchor: id });
  };

  const isPageSelected = pageIds.length > 0 && pageIds.every((id) => ids.has(id));
  const togglePage = () => {
    const next = new Set(ids);
    for (const id of pageIds) {
      if (isPageSelected) next.delete(id);
      else next.add(id);
    }
    setState({ ...current, ids: next });
  };

  return {
    ids,
    isSelected: (id: number) => ids.has(id),
    isPageSelected,
    isPagePartly: !isPageSelected && pageIds.some((id) => ids.has(id)),
    toggle,
    togglePage,
    clear,
  };
}

export type SeleccionIds = ReturnType<typeof useSeleccionIds>;
