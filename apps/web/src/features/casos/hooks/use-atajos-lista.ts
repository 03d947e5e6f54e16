import { useEffect } from 'react';
import { isTyping } from '../../../lib/atajos';

const ROWS = 'table[aria-label="Casos"] tbody[data-caso]';

/** The row after (or before) the focused one, or the first when none is; its case link takes the focus. */
function moverFoco(paso: 1 | -1) {
  const rows = Array.from(document.querySelectorAll<HTMLElement>(ROWS));
  if (rows.length === 0) return;
  const actual = rows.findIndex((row) => row.contains(document.activeElement));
  const siguiente = actual === -1 ? 0 : Math.min(Math.max(actual + paso, 0), rows.length - 1);
  const link = rows[siguiente]!.querySelector<HTMLElement>('a[href]');
  link?.focus();
  link?.scrollIntoView({ block: 'nearest' });
}

/**
 * The case list's keys (issue 44 item 5, docs/decisions/100; listed in lib/atajos.ts): j and k
 * move the focus down and up the rows (to each case's link, so Enter opens it as a click would),
 * '/' goes to the quick search. None fires while typing or with a dialog open.
 */
export function useAtajosLista() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event)) return;
      // '/' is Shift+7 on a Spanish keyboard: Shift stops only j and k (J and K are not theirs).
      if ((event.key === 'j' || event.key === 'k') && !event.shiftKey) {
        event.preventDefault();
        moverFoco(event.key === 'j' ? 1 : -1);
      } else if (event.key === '/') {
        event.preventDefault();
        document.querySelector<HTMLInputElement>('input[aria-label="Búsqueda rápida"]')?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
